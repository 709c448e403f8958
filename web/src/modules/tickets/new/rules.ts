import type { Translate } from '../../../i18n';
import { stillUploading, type PickedImage } from './images';

const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 32;

/** The server's limits on tags (api/schemas/tickets.py): at most 10, each at most 32 characters. */
export function checkTags(value: unknown, _label: string, t: Translate): string | undefined {
  const tags = (value as string[]).map((tag) => tag.trim());
  const fits = tags.length <= MAX_TAGS && tags.every((tag) => tag.length <= MAX_TAG_LENGTH);
  return fits ? undefined : t('new.tagsRule', { max: MAX_TAGS, length: MAX_TAG_LENGTH });
}

/** SPEC §8 "attachment is being uploaded": the ticket waits for its images. */
export function checkImages(value: unknown, _label: string, t: Translate): string | undefined {
  return stillUploading(value as PickedImage[]) ? t('new.uploading') : undefined;
}
