import { Activity, Suspense, useMemo, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useMatches, useNavigationType, useOutlet, type Location } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { handleOf } from '../../app/routeHandle';
import type { MenuEntry } from '../../app/menuEntries';
import { REDIRECT_PREFIX } from '../../app/redirect';
import { useGenerations, useTabs } from '../tabs/tabsStore';
import { PageContext } from './PageContext';
import { ScreenAccess } from './ScreenAccess';

interface KeptPage {
  element: ReactNode;
  location: Location;
  menu: MenuEntry | undefined;
}

/** A kept page sees the address it was left at, so its URL-driven state does not follow other tabs. */
function FrozenLocation({ location, children }: { location: Location; children: ReactNode }) {
  const navigationType = useNavigationType();
  const value = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return <UNSAFE_LocationContext.Provider value={value}>{children}</UNSAFE_LocationContext.Provider>;
}

/**
 * SPEC §2: each tab keeps its page state unless marked no-cache. Pages of open tabs stay mounted
 * but hidden (React's Activity: state kept, effects paused); closing or refreshing a tab drops it.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const matches = useMatches();
  const tabs = useTabs();
  const generations = useGenerations();
  const kept = useRef(new Map<string, KeptPage>());
  const active = location.pathname;

  if (active.startsWith(`${REDIRECT_PREFIX}/`)) return <Suspense fallback={<PageLoading />}>{outlet}</Suspense>;

  const pages = kept.current;
  pages.set(active, { element: outlet, location, menu: handleOf(matches[matches.length - 1]).menu });
  for (const [path, page] of pages) {
    const open = tabs.some((tab) => tab.path === path);
    if (path !== active && (!open || page.menu?.noCache)) pages.delete(path);
  }

  return [...pages].map(([path, page]) => (
    <Activity key={`${path}#${generations[path] ?? 0}`} mode={path === active ? 'visible' : 'hidden'}>
      <PageContext.Provider value={{ menu: page.menu, active: path === active }}>
        <FrozenLocation location={page.location}>
          <ScreenAccess menu={page.menu}>
            <Suspense fallback={<PageLoading />}>{page.element}</Suspense>
          </ScreenAccess>
        </FrozenLocation>
      </PageContext.Provider>
    </Activity>
  ));
}
