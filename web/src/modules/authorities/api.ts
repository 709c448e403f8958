import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type AuthorityNode = components['schemas']['AuthorityTreeNode'];
export type RoleUsage = components['schemas']['RoleUsage'];
export type UserUsage = components['schemas']['UserUsage'];

/** The whole menu and authority tree, buttons included (the role, user and data-authority screens read it too). */
export const authorityTreeQuery = {
  queryKey: ['authority', 'tree'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => http.get<AuthorityNode[]>('authority/tree-list', { signal }),
  staleTime: 60_000,
};

export const authorityApi = {
  usageByRole: (id: number) => http.get<RoleUsage[]>(`authority/usage-role/${id}`),
  usageByUser: (id: number) => http.get<UserUsage[]>(`authority/usage-user/${id}`),
  removeFromRole: (authorityId: number, roleId: number) =>
    http.get<null>('authority/delete-role-authority', { params: { authorityId, roleId } }),
  removeFromUser: (authorityId: number, adminId: number) =>
    http.get<null>('authority/delete-admin-authority', { params: { authorityId, adminId } }),
};
