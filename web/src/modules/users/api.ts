import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type User = components['schemas']['UserPublic'];
export type UserBrief = components['schemas']['UserBrief'];
export type AuthorityIds = components['schemas']['AuthorityIds'];

export const userApi = {
  /** The users behind picked ids, to name them when a search has not brought them. */
  picked: (ids: number[], signal?: AbortSignal) => api.get('/cms/user/options', { params: { query: { ids } }, signal }),
  authorities: (id: number, signal?: AbortSignal) => api.get('/cms/user/authorities/{user_id}', { params: { path: { user_id: id } }, signal }),
  setAuthorities: (userId: number, authorityIds: number[]) => api.post('/cms/user/set-authorities', { body: { userId, authorityIds } }),
  /** A new password set by an administrator; the user's sessions end. Refusals come back to the form. */
  resetPassword: (id: number, password: string) => api.post('/cms/user/modify', { body: { id, password }, notify: false }),
  /** Clears the failed-login lock of the account (SPEC §7 `common/redis/account/remove`). */
  unlock: (username: string) =>
    api.post('/cms/common/redis/account/remove', { params: { query: { keyType: 'LOGIN_LOCK', account: username } } }),
};

/** How a user is named in pickers and lists: display name and username. */
export const userLabel = (user: Pick<UserBrief, 'displayName' | 'username'>) => `${user.displayName} (${user.username})`;
