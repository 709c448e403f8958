import type { components } from '../../../api/schema';
import { splitByLimit } from '../detail/uploadLimit';

type StoredFile = components['schemas']['StoredFilePublic'];
type AttachmentBody = components['schemas']['AttachmentBody'];

/** SPEC §5 and §9: up to 4 images in the new-ticket form. */
export const MAX_IMAGES = 4;
export const IMAGE_TYPES = '.png,.jpg,.jpeg,.gif,.webp';

export const isImage = (file: { type?: string }) => Boolean(file.type?.startsWith('image/'));

/** Why a picked file is refused, if it is: not an image, or past the 4 images (`held` already in the form). */
export function refusalOf<T extends { type?: string }>(file: T, batch: readonly T[], held: number): 'type' | 'limit' | undefined {
  if (!isImage(file)) return 'type';
  const { refused } = splitByLimit(held, batch.filter(isImage), MAX_IMAGES);
  return refused.includes(file) ? 'limit' : undefined;
}

/** One picked image as the form holds it while and after it uploads. */
export interface PickedImage {
  uid: string;
  status?: string;
  response?: StoredFile;
}

export const stillUploading = (images: readonly PickedImage[]) => images.some((image) => image.status !== 'done' || !image.response);

/** The uploaded images as `ticket/add` takes them. */
export function attachmentsOf(images: readonly PickedImage[]): AttachmentBody[] {
  return images.flatMap(({ response }) => (response ? [{ kind: 'IMAGE' as const, fileId: response.id, name: response.name }] : []));
}
