import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../i18n';
import type { MenuNode } from './access/session';
import { routedEntries, type MenuEntry } from './menuEntries';
import type { RouteHandle } from './routeHandle';
import { VIEWS, type View } from './views';

/** A list screen's route starts its first calls as soon as its chunks have run (components/resource/listQuery.ts). */
async function listLoader(identifier: string, client: QueryClient | undefined): Promise<Pick<RouteObject, 'loader' | 'shouldRevalidate'>> {
  return client ? (await import('../components/resource/listQuery')).listRoute(client, identifier) : {};
}

function viewRoute(view: View, identifier: string, client: QueryClient | undefined): Pick<RouteObject, 'lazy'> {
  switch (view.kind) {
    case 'page':
      return {
        lazy: async () => {
          const [screen, , loading] = await Promise.all([
            view.load(), loadNamespaces(view.namespaces), view.list ? listLoader(identifier, client) : {},
          ]);
          return { Component: screen.default, ...loading };
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

/** One route a screen of the user's menu, all directly under the shell (SPEC §2), then the unknown rest; `client`
 *  lets a list screen's route start its first calls early. */
export function shellRoutes(menus: readonly MenuNode[], client?: QueryClient): RouteObject[] {
  const screens = routedEntries(menus, VIEWS).map((entry: MenuEntry) => ({
    id: `menu:${entry.identifier}`,
    path: entry.path,
    handle: { menu: entry } satisfies RouteHandle,
    ...viewRoute(VIEWS[entry.identifier]!, entry.identifier, client),
  }));
  return [...screens, UNKNOWN];
}
