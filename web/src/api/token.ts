import Cookies from 'js-cookie';

/**
 * SPEC §9: the session token rides in the genie_cms_token cookie. The server sets it HttpOnly, so no script,
 * this one included, ever reads the token (docs/decisions/csrf.md); the browser sends it with every call.
 */
export const TOKEN_COOKIE = 'genie_cms_token';
/** Beside it, readable and with the same lifetime: the proof each call that changes something sends back. */
export const CSRF_COOKIE = 'genie_cms_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

const BEARER = 'Bearer ';

export function withBearer(token: string): string {
  const bare = token.trim();
  return bare.startsWith(BEARER) ? bare : `${BEARER}${bare}`;
}

/** The CSRF proof of the signed-in user, if any. */
export function csrfProof(): string | undefined {
  return Cookies.get(CSRF_COOKIE) || undefined;
}

/** SPEC §4 "a token present means logged in": the proof comes and goes with the session cookie. */
export function hasToken(): boolean {
  return csrfProof() !== undefined;
}

/** Forget the session on this side; the server clears its HttpOnly cookie at logout, and refuses it once expired. */
export function clearToken(): void {
  Cookies.remove(CSRF_COOKIE, { path: '/' });
}

/** SPEC §4: a token in the page address (`?token=...`), taken out of the address so it is neither bookmarked nor shared. */
export function takeTokenFromAddress(): string | undefined {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token')?.trim();
  if (!token) return undefined;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return withBearer(token);
}
