import { clearToken } from './token';

export const LOGIN_PATH = '/login';

/** `/login?redirect=<path>`; the target is the full path (path, query and hash) to come back to. */
export function loginPath(redirectTo?: string): string {
  if (!redirectTo || redirectTo === '/' || redirectTo.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirectTo)}`;
}

/** Only same-site paths are followed after login, never another origin. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** The session is gone (401): forget the token and open the login page, coming back here afterwards. */
export function endSession(): void {
  clearToken();
  if (window.location.pathname === LOGIN_PATH) return;
  window.location.assign(loginPath(currentPath()));
}

/** The user logs out: forget the token and load the login page afresh. */
export function logout(): void {
  clearToken();
  window.location.assign(LOGIN_PATH);
}
