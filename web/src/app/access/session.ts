import { api } from '../../api/client';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import type { Data } from '../../api/client';
import { clearToken } from '../../api/token';
import { notifyFailure } from '../../api/notifier';
import { ApiError } from '../../api/ApiError';
import { i18n } from '../../i18n';
import { setDisplayZone } from '../../components/format/time';

export type UserInfo = Data<'/cms/user/info', 'get'>;
export type MenuNode = Data<'/cms/user/menus', 'get'>[number];

/** Who is signed in: profile, roles, permission identifiers (menus and buttons). */
export const userInfoQuery = {
  queryKey: ['session', 'user'] as const,
  queryFn: async () => {
    const user = await api.get('/cms/user/info');
    setDisplayZone(user?.timeZone ?? user?.defaultTimeZone); // every time is shown in this zone from now on
    return user;
  },
  staleTime: Infinity,
};

/** The signed-in user's menu tree: directories, menus and hidden detail routes. */
export const menusQuery = {
  queryKey: ['session', 'menus'] as const,
  queryFn: () => api.get('/cms/user/menus'),
  staleTime: Infinity,
};

export interface Session {
  user: UserInfo;
  menus: MenuNode[];
}

function emptyUser(): ApiError {
  return new ApiError({
    code: 'EMPTY_USER_INFO',
    message: i18n.t('session.verificationFailed'),
    transactionId: '',
    status: 0,
    data: null,
    path: '/cms/user/info',
  });
}

/** Starts asking who is signed in before the first draw; `loadSession` then finds the answers under way. */
export function prefetchSession(client: QueryClient): void {
  void client.prefetchQuery(userInfoQuery);
  void client.prefetchQuery(menusQuery);
}

/**
 * SPEC §4: loads user info and the menu tree after login. If either fails the user is logged out
 * (the failure has been shown) and undefined is returned, so the caller sends them to /login.
 */
export async function loadSession(client: QueryClient): Promise<Session | undefined> {
  try {
    const [user, menus] = await Promise.all([client.fetchQuery(userInfoQuery), client.fetchQuery(menusQuery)]);
    if (!user || !user.username) {
      notifyFailure(emptyUser());
      throw emptyUser();
    }
    return { user, menus };
  } catch {
    clearToken();
    client.removeQueries({ queryKey: ['session'] });
    return undefined;
  }
}

/** The signed-in user; only used inside the shell, where the session has been loaded. */
export function useUserInfo(): UserInfo | undefined {
  return useQuery(userInfoQuery).data;
}

export function useMenus(): MenuNode[] {
  return useQuery(menusQuery).data ?? NO_MENUS;
}

const NO_MENUS: MenuNode[] = [];
