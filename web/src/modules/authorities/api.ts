import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type AuthorityNode = components['schemas']['AuthorityTreeNode'];
export type RoleUsage = components['schemas']['RoleUsage'];
export type UserUsage = components['schemas']['UserUsage'];

/** The whole menu and authority tree, buttons included (the role, user and data-authority screens read it too). */
export const authorityTreeQuery = {
  queryKey: ['authority', 'tree'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.get('/cms/authority/tree-list', { signal }),
  staleTime: 60_000,
};

const authority = (id: number) => ({ path: { authority_id: id } });

export const authorityApi = {
  usageByRole: (id: number) => api.get('/cms/authority/usage-role/{authority_id}', { params: authority(id) }),
  usageByUser: (id: number) => api.get('/cms/authority/usage-user/{authority_id}', { params: authority(id) }),
  removeFromRole: (authorityId: number, roleId: number) =>
    api.get('/cms/authority/delete-role-authority', { params: { query: { authorityId, roleId } } }),
  removeFromUser: (authorityId: number, adminId: number) =>
    api.get('/cms/authority/delete-admin-authority', { params: { query: { authorityId, adminId } } }),
};
