import { api, type Body } from '../../api/client';
import type { components } from '../../api/schema';

export type Package = components['schemas']['PackagePublic'];
export type FeatureNode = components['schemas']['FeatureNode'];
export type PackageKind = Package['kind'];

export const packagesApi = {
  detail: (id: number) => api.get('/cms/package/detail/{row_id}', { params: { path: { row_id: id } } }),
  features: () => api.get('/cms/package/features'),
  /** Refusals come back to the caller (the enable dialog offers to go to edit). */
  setStatus: (id: number, status: 'ENABLED' | 'DISABLED') => api.post('/cms/package/status', { body: { id, status }, notify: false }),
  bindPermissions: (id: number, featureKeys: string[]) => api.post('/cms/package/permissions', { body: { id, featureKeys } }),
  addGroup: (body: Record<string, unknown>, idempotencyKey?: string) =>
    api.post('/cms/package/add-group', { body: body as Body<'/cms/package/add-group', 'post'>, notify: false, idempotencyKey }),
  modify: (body: Record<string, unknown>) =>
    api.post('/cms/package/modify', { body: body as Body<'/cms/package/modify', 'post'>, notify: false }),
};
