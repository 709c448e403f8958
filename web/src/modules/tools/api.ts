import { api, type UploadPath } from '../../api/client';
import type { components } from '../../api/schema';
import type { Permission } from '../../app/access/can';
import { permissionOf } from '../../app/access/operations';

export type StoredFile = components['schemas']['StoredFilePublic'];

/** The two uploads of the common tools: OSS (the allow-list, a public link) and unrestricted (any type). */
export type UploadKind = 'public' | 'unrestricted';

export const UPLOAD_PATHS = {
  public: '/cms/common/upload-public-file',
  unrestricted: '/cms/common/upload-unrestricted-file',
} as const satisfies Record<UploadKind, UploadPath>;

/** Who may upload each kind: its operation's permission, as the schema publishes it. */
export const UPLOAD_PERMISSIONS: Record<UploadKind, Permission> = {
  public: permissionOf(`POST ${UPLOAD_PATHS.public}`),
  unrestricted: permissionOf(`POST ${UPLOAD_PATHS.unrestricted}`),
};

export function uploadFile(kind: UploadKind, file: File): Promise<StoredFile> {
  return api.upload(UPLOAD_PATHS[kind], file);
}
