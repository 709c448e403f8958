import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../i18n';
import type { MenuNode } from './access/session';
import { routedEntries, type MenuEntry } from './menuEntries';
import type { RouteHandle } from './routeHandle';
import { VIEWS, type View } from './views';

function viewRoute(view: View): Pick<RouteObject, 'lazy'> {
  switch (view.kind) {
    case 'page':
      return {
        lazy: async () => {
          const [screen] = await Promise.all([view.load(), loadNamespaces(view.namespaces)]);
          return { Component: screen.default };
        },
      };
    case 'redirect':
      return {
        lazy: async () => {
          const { forwardTo } = await import('./ForwardPage');
          return { Component: forwardTo(view.to) };
        },
      };
    default:
      return { lazy: async () => ({ Component: (await import('../components/NotAvailablePage')).default }) };
  }
}

/** Any other address, inside the shell: forbidden (401, address kept) or missing (to /404). */
const UNKNOWN: RouteObject = { id: 'shell:unknown', path: '*', lazy: async () => ({ Component: (await import('./ShellCatchAll')).default }) };

/** One route a screen of the user's menu, all directly under the shell (SPEC §2), then the unknown rest. */
export function shellRoutes(menus: readonly MenuNode[]): RouteObject[] {
  const screens = routedEntries(menus, VIEWS).map((entry: MenuEntry) => ({
    id: `menu:${entry.identifier}`,
    path: entry.path,
    handle: { menu: entry } satisfies RouteHandle,
    ...viewRoute(VIEWS[entry.identifier]!),
  }));
  return [...screens, UNKNOWN];
}
