import { http } from '../../api/http';
import { referenceQuery } from '../../api/referenceQuery';
import type { components } from '../../api/schema';
import type { UserBrief } from '../users/api';

export type Role = components['schemas']['RolePublic'];
export type RoleOption = components['schemas']['RoleOption'];
type AuthorityIds = components['schemas']['AuthorityIds'];

export const roleOptionsQuery = referenceQuery<RoleOption[]>(['role', 'options'], 'role/options');

export const roleApi = {
  members: (id: number, signal?: AbortSignal) => http.get<UserBrief[]>(`role/members/${id}`, { signal }),
  setMembers: (roleId: number, userIds: number[]) => http.post('role/set-members', { roleId, userIds }),
  /** No users listed: every member moves. */
  switchMembers: (sourceRoleId: number, targetRoleId: number, userIds: number[]) =>
    http.post<{ moved: number }>('role/switch-members', { sourceRoleId, targetRoleId, userIds }),
  authorities: (id: number, signal?: AbortSignal) => http.get<AuthorityIds>(`role/authorities/${id}`, { signal }),
  setAuthorities: (roleId: number, authorityIds: number[]) => http.post<AuthorityIds>('role/set-authorities', { roleId, authorityIds }),
  batchAdd: (roleIds: number[], authorityIds: number[]) => http.post('role/batch-add-authorities', { roleIds, authorityIds }),
  copy: (sourceRoleId: number, targetRoleIds: number[], replace: boolean) =>
    http.post('role/copy-authorities', { sourceRoleId, targetRoleIds, replace }),
};
