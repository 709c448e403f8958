import { api } from '../../api/client';
import { referenceQuery } from '../../api/referenceQuery';
import type { components } from '../../api/schema';

export type Role = components['schemas']['RolePublic'];
export type RoleOption = components['schemas']['RoleOption'];

export const roleOptionsQuery = referenceQuery(['role', 'options'], '/cms/role/options');

const role = (id: number) => ({ path: { role_id: id } });

export const roleApi = {
  members: (id: number, signal?: AbortSignal) => api.get('/cms/role/members/{role_id}', { params: role(id), signal }),
  setMembers: (roleId: number, userIds: number[]) => api.post('/cms/role/set-members', { body: { roleId, userIds } }),
  /** No users listed: every member moves. */
  switchMembers: (sourceRoleId: number, targetRoleId: number, userIds: number[]) =>
    api.post('/cms/role/switch-members', { body: { sourceRoleId, targetRoleId, userIds } }),
  authorities: (id: number, signal?: AbortSignal) => api.get('/cms/role/authorities/{role_id}', { params: role(id), signal }),
  setAuthorities: (roleId: number, authorityIds: number[]) => api.post('/cms/role/set-authorities', { body: { roleId, authorityIds } }),
  batchAdd: (roleIds: number[], authorityIds: number[]) => api.post('/cms/role/batch-add-authorities', { body: { roleIds, authorityIds } }),
  copy: (sourceRoleId: number, targetRoleIds: number[], replace: boolean) =>
    api.post('/cms/role/copy-authorities', { body: { sourceRoleId, targetRoleIds, replace } }),
};
