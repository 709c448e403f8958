import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentTitle, useAppTitle } from './appInfo';
import { handleOf, type RouteHandle } from './routeHandle';
import { titleIn } from './menuEntries';

/** The title of a route: its menu title in the current language, or the console's own page title. */
export function useRouteTitle(handle: RouteHandle): string | undefined {
  const { t, i18n } = useTranslation();
  if (handle.menu) return titleIn(handle.menu.titles, i18n.language) || undefined;
  return handle.title ? t(`page.${handle.title}`) : undefined;
}

function usePageTitle(): void {
  const appTitle = useAppTitle();
  const matches = useMatches();
  const deepest = [...matches].reverse().find((m) => handleOf(m).menu || handleOf(m).title);
  const text = useRouteTitle(handleOf(deepest));
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
