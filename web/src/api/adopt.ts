import { api } from './client';
import { takeTokenFromAddress } from './token';

/**
 * SPEC §4: a token in the page address counts as a login. The page cannot write the HttpOnly session cookie,
 * so it hands the token to the server, which checks it and sets the cookies. A refused token is shown and,
 * like any 401, leads to the login page.
 */
export async function adoptTokenFromAddress(): Promise<boolean> {
  const token = takeTokenFromAddress();
  if (!token) return false;
  try {
    await api.post('/cms/auth/adopt', { body: { token } });
    return true;
  } catch {
    return false;
  }
}
