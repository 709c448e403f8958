import { api } from '../../api/client';
import { matchPath } from 'react-router';

/** The route paths of screens the user does not hold (`GET user/forbidden-paths`), asked only when needed. */
export const forbiddenPathsQuery = {
  queryKey: ['session', 'forbidden-paths'] as const,
  queryFn: () => api.get('/cms/user/forbidden-paths', { notify: false }),
  staleTime: Infinity,
};

/** SPEC §2: an address of a screen the user may not open is forbidden (401), any other unknown one missing (404). */
export function isForbiddenPath(pathname: string, forbidden: readonly string[]): boolean {
  return forbidden.some((path) => matchPath({ path, end: true }, pathname) !== null);
}
