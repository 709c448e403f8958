import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { RequireToken } from './RequireToken';
import { CatchAll } from './CatchAll';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { PageLoading } from '../components/PageLoading';
import type { RouteHandle } from './routeHandle';
import { hasToken } from '../api/token';
import { loadSession } from './access/session';
import { shellRoutes } from './shellRoutes';
import { REDIRECT_PREFIX } from './redirect';

type PageModule = { default: ComponentType };

const loadShell = () => import('../layout/ShellLayout');

/** The route the user's menu screens are added under once the session is known. */
export const SHELL_ROUTE_ID = 'shell';

/** Every page is its own lazy chunk. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

function handle(title: RouteHandle['title']): { handle: RouteHandle } {
  return { handle: { title } };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // Public: /login, /404, /401 and the hidden /info and /health. A signed-in user opening /login goes to /.
      {
        path: '/login',
        loader: () => (hasToken() ? redirect('/') : null),
        ...handle('login'),
        ...page(() => import('../modules/auth/LoginPage')),
      },
      { path: '/404', ...handle('notFound'), ...page(() => import('../modules/errors/NotFoundPage')) },
      { path: '/401', ...handle('unauthorized'), ...page(() => import('../modules/errors/UnauthorizedPage')) },
      { path: '/info', ...handle('info'), ...page(() => import('../modules/system/InfoPage')) },
      { path: '/health', ...handle('health'), ...page(() => import('../modules/system/HealthPage')) },
      { path: '/', element: <Navigate to="/home" replace /> },
      // Everything else needs a token and lives in the shell; the menu's screens are added on the first visit.
      {
        element: <RequireToken />,
        children: [
          {
            id: SHELL_ROUTE_ID,
            ...page(loadShell),
            children: [{ path: `${REDIRECT_PREFIX}/*`, ...page(() => import('./RedirectPage')) }],
          },
        ],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];

/**
 * SPEC §2: after login the menu tree is loaded and its screens become routes. This happens on
 * the first navigation that needs them (with a token); a failed session load logs the user out,
 * and the catch-all route then sends them to /login.
 */
export function createRouter(queryClient: QueryClient) {
  let added = false;
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      if (added || !hasToken()) return;
      // The shell's chunks load while the session is asked for: a first visit waits for the slower, not both.
      void loadShell().catch(() => undefined); // a failure shows where the route loads it
      const session = await loadSession(queryClient);
      if (!session) return;
      patch(SHELL_ROUTE_ID, shellRoutes(session.menus, queryClient));
      added = true;
    },
  });
}
