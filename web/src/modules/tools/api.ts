import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type StoredFile = components['schemas']['StoredFilePublic'];

/** The two uploads of the common tools: OSS (the allow-list, a public link) and unrestricted (any type). */
export type UploadKind = 'public' | 'unrestricted';

export const UPLOAD_PATHS: Record<UploadKind, string> = {
  public: 'common/upload-public-file',
  unrestricted: 'common/upload-unrestricted-file',
};

export const UPLOAD_PERMISSIONS: Record<UploadKind, string> = {
  public: 'file#upload-public',
  unrestricted: 'file#upload-unrestricted',
};

export function uploadFile(kind: UploadKind, file: File): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file);
  return http.post<StoredFile>(UPLOAD_PATHS[kind], form);
}
