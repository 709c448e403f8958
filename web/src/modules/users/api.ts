import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type User = components['schemas']['UserPublic'];
export type UserBrief = components['schemas']['UserBrief'];
export type AuthorityIds = components['schemas']['AuthorityIds'];

export const userApi = {
  options: (keyword: string, signal?: AbortSignal) =>
    http.get<UserBrief[]>('user/options', { params: { keyword: keyword.trim() || undefined }, signal }),
  authorities: (id: number, signal?: AbortSignal) => http.get<AuthorityIds>(`user/authorities/${id}`, { signal }),
  setAuthorities: (userId: number, authorityIds: number[]) => http.post<AuthorityIds>('user/set-authorities', { userId, authorityIds }),
};

/** How a user is named in pickers and lists: display name and username. */
export const userLabel = (user: Pick<UserBrief, 'displayName' | 'username'>) => `${user.displayName} (${user.username})`;
