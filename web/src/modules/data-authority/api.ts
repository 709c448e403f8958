import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type ScopeGrant = components['schemas']['ScopeGrant'];
export type Effective = components['schemas']['ScopePublic'];
export type UserScopes = components['schemas']['UserScopesPublic'];

export type Subject = { kind: 'role' | 'user'; id: number };

export const dataAuthorityApi = {
  load: ({ kind, id }: Subject, signal?: AbortSignal): Promise<{ scopes: ScopeGrant[]; effective?: Effective }> =>
    kind === 'role'
      ? api.get('/cms/data-authority/role/{role_id}', { params: { path: { role_id: id } }, signal })
      : api.get('/cms/data-authority/user/{user_id}', { params: { path: { user_id: id } }, signal }),
  save: ({ kind, id }: Subject, scopes: ScopeGrant[]) =>
    kind === 'role'
      ? api.post('/cms/data-authority/role/save', { body: { roleId: id, scopes } })
      : api.post('/cms/data-authority/user/save', { body: { userId: id, scopes } }),
};
