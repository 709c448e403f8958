import type { ReactNode } from 'react';
import type { MenuEntry } from '../../app/menuEntries';
import { LazyUnauthorizedPage } from '../../modules/errors/LazyUnauthorizedPage';
import { useEntriesByIdentifier } from '../useMenuEntries';

/**
 * A screen that left the user's menu while open (its permission withdrawn, found on its next refused call)
 * says so, rather than going on showing what it had loaded.
 */
export function ScreenAccess({ menu, children }: { menu: MenuEntry | undefined; children: ReactNode }) {
  const entries = useEntriesByIdentifier();
  if (menu && entries.size && !entries.has(menu.identifier)) return <LazyUnauthorizedPage revoked />;
  return <>{children}</>;
}
