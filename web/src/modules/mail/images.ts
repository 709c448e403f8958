import { UPLOAD_PERMISSIONS, uploadFile, type StoredFile, type UploadKind } from '../tools/api';

type Upload = (kind: UploadKind, file: File) => Promise<StoredFile>;

/** Who sees the mail editor's image button: the server refuses anyone else's upload with 403. */
export const IMAGE_PERMISSION = UPLOAD_PERMISSIONS.public;

/** An image of a mail: stored as a public file (a link that does not expire, since a mail is read long after it
 * is sent) and written as its link at the console's configured public URL, which mail clients load: never the
 * address the writer's browser happens to use. */
export async function imageLink(file: File, upload: Upload): Promise<string> {
  const stored = await upload('public', file);
  if (!stored.publicLink) throw new Error('a public upload answers its public link');
  return stored.publicLink;
}

export const uploadImage = (file: File) => imageLink(file, uploadFile);
