import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { RequireToken } from './RequireToken';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { PageLoading } from '../components/PageLoading';
import type { RouteHandle } from './routeHandle';
import { hasToken } from '../api/token';

type PageModule = { default: ComponentType };

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
      // Everything else needs a token, and lives in the shell.
      {
        element: <RequireToken />,
        children: [
          {
            ...page(() => import('../layout/ShellLayout')),
            children: [
              { path: '/home', ...handle('home'), ...page(() => import('../modules/home/HomePage')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
