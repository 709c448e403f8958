import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type User = components['schemas']['UserPublic'];
export type UserBrief = components['schemas']['UserBrief'];
export type AuthorityIds = components['schemas']['AuthorityIds'];

export const userApi = {
  /** The users behind picked ids, to name them when a search has not brought them. */
  picked: (ids: number[], signal?: AbortSignal) => http.get<UserBrief[]>('user/options', { params: { ids }, signal }),
  authorities: (id: number, signal?: AbortSignal) => http.get<AuthorityIds>(`user/authorities/${id}`, { signal }),
  setAuthorities: (userId: number, authorityIds: number[]) => http.post<AuthorityIds>('user/set-authorities', { userId, authorityIds }),
  /** A new password set by an administrator; the user's sessions end. Refusals come back to the form. */
  resetPassword: (id: number, password: string) => http.post<User>('user/modify', { id, password }, { notify: false }),
  /** Clears the failed-login lock of the account (SPEC §7 `common/redis/account/remove`). */
  unlock: (username: string) =>
    http.post<{ removed: number }>('common/redis/account/remove', undefined, { params: { keyType: 'LOGIN_LOCK', account: username } }),
};

/** How a user is named in pickers and lists: display name and username. */
export const userLabel = (user: Pick<UserBrief, 'displayName' | 'username'>) => `${user.displayName} (${user.username})`;
