import { useMemo } from 'react';
import { matchPath } from 'react-router';
import { routedEntries } from '../menuEntries';
import { VIEWS } from '../views';
import { useMenus, type MenuNode } from './session';

/** The route paths of the screens `menus` gives a route (the shell's routes: app/shellRoutes.tsx). */
export function routedPaths(menus: readonly MenuNode[]): string[] {
  return routedEntries(menus, VIEWS).map((entry) => entry.path);
}

/** Whether `to` (a path, with or without its query) opens one of those screens, not the 401 page. */
export function opens(paths: readonly string[], to: string): boolean {
  const pathname = to.split(/[?#]/, 1)[0]!;
  return paths.some((path) => matchPath({ path, end: true }, pathname) !== null);
}

/**
 * `const canOpen = useCanOpen(); canOpen(merchantPath(id))`: whether the signed-in user holds the screen a link
 * leads to (SPEC §6). A link or a "view" to a screen the user may not open is not offered, rather than leading
 * to the 401 page.
 */
export function useCanOpen(): (to: string) => boolean {
  const menus = useMenus();
  return useMemo(() => {
    const paths = routedPaths(menus);
    return (to: string) => opens(paths, to);
  }, [menus]);
}
