import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type ScopeGrant = components['schemas']['ScopeGrant'];
export type Effective = components['schemas']['ScopePublic'];
export type UserScopes = components['schemas']['UserScopesPublic'];

export type Subject = { kind: 'role' | 'user'; id: number };

export const dataAuthorityApi = {
  load: ({ kind, id }: Subject, signal?: AbortSignal) => http.get<{ scopes: ScopeGrant[]; effective?: Effective }>(`data-authority/${kind}/${id}`, { signal }),
  save: ({ kind, id }: Subject, scopes: ScopeGrant[]) =>
    http.post(`data-authority/${kind}/save`, kind === 'role' ? { roleId: id, scopes } : { userId: id, scopes }),
};
