import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCurrentEntry } from './useCurrentEntry';
import { openTab } from './tabs/tabsStore';
import { tabFor } from './tabs/tabList';
import { recordVisit } from './navbar/recentPagesApi';
import { trackAccess, TRACKED_SCREENS } from './accessTracking';

/** After each navigation to a menu screen: its tab, the recent-pages record and access tracking. */
export function useVisitTracking(): void {
  const entry = useCurrentEntry();
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    if (entry) openTab(tabFor(entry, pathname, `${pathname}${search}${hash}`));
  }, [entry, pathname, search, hash]);

  useEffect(() => {
    if (!entry) return;
    void recordVisit(entry.identifier, pathname);
    if (TRACKED_SCREENS.has(entry.identifier)) trackAccess(entry.identifier, pathname);
  }, [entry, pathname]);
}
