import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentTitle, useAppTitle } from './appInfo';
import type { RouteHandle } from './routeHandle';

function usePageTitle(): void {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  const text = title ? t(`page.${title}`) : undefined;
  useEffect(() => {
    document.title = documentTitle(appTitle, text);
  }, [appTitle, text]);
}

/** Wraps every route: the tab title and scrolling to the top on navigation (SPEC §2). */
export function RootLayout() {
  usePageTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
