export const REDIRECT_PREFIX = '/redirect';

/** The address that reopens `fullPath` afresh (SPEC §2: `/redirect/:path*` refreshes a tab). */
export function refreshPath(fullPath: string): string {
  return `${REDIRECT_PREFIX}${fullPath.startsWith('/') ? '' : '/'}${fullPath}`;
}
