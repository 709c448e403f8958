import Cookies from 'js-cookie';

/** SPEC §9: the token cookie; its value carries the `Bearer ` prefix. */
export const TOKEN_COOKIE = 'genie_cms_token';
/** Whether the user asked to be remembered, so a renewed token keeps the same lifetime. */
const REMEMBERED_KEY = 'genie_cms_token_remembered';
/** SPEC §7: 7-day expiry only when requested; a session cookie otherwise. */
export const REMEMBER_DAYS = 7;

const BEARER = 'Bearer ';

export function withBearer(token: string): string {
  const bare = token.trim();
  return bare.startsWith(BEARER) ? bare : `${BEARER}${bare}`;
}

/** The stored token with its `Bearer ` prefix, ready for the Authorization header. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function hasToken(): boolean {
  return getToken() !== undefined;
}

function isRemembered(): boolean {
  try {
    return window.localStorage.getItem(REMEMBERED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeCookie(value: string, remember: boolean): void {
  Cookies.set(TOKEN_COOKIE, value, {
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    ...(remember ? { expires: REMEMBER_DAYS } : {}),
  });
}

export function saveToken(token: string, remember: boolean): void {
  writeCookie(withBearer(token), remember);
  if (remember) window.localStorage.setItem(REMEMBERED_KEY, '1');
  else window.localStorage.removeItem(REMEMBERED_KEY);
}

/** Sliding renewal: the server sent a fresh token; keep it with the lifetime the user chose. */
export function replaceToken(token: string): boolean {
  const next = withBearer(token);
  if (next === getToken()) return false;
  writeCookie(next, isRemembered());
  return true;
}

export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  window.localStorage.removeItem(REMEMBERED_KEY);
}

/**
 * SPEC §4: a token in the page address (`?token=...`) counts as a login. It is stored with the
 * `Bearer ` prefix and taken out of the address, so it is neither bookmarked nor shared.
 */
export function adoptTokenFromAddress(): boolean {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token')?.trim();
  if (!token) return false;
  saveToken(token, false);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}
