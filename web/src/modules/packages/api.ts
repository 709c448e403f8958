import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type Package = components['schemas']['PackagePublic'];
export type FeatureNode = components['schemas']['FeatureNode'];
export type PackageKind = Package['kind'];

export const packagesApi = {
  detail: (id: number) => http.get<Package>(`package/detail/${id}`),
  features: () => http.get<FeatureNode[]>('package/features'),
  /** Refusals come back to the caller (the enable dialog offers to go to edit). */
  setStatus: (id: number, status: 'ENABLED' | 'DISABLED') => http.post<Package>('package/status', { id, status }, { notify: false }),
  bindPermissions: (id: number, featureKeys: string[]) => http.post<Package>('package/permissions', { id, featureKeys }),
  addGroup: (body: Record<string, unknown>, idempotencyKey?: string) =>
    http.post<Package[]>('package/add-group', body, { notify: false, idempotencyKey }),
  modify: (body: Record<string, unknown>) => http.post<Package>('package/modify', body, { notify: false }),
};
