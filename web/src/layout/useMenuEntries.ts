import { useMemo } from 'react';
import { useMenus } from '../app/access/session';
import { routedEntries, type MenuEntry } from '../app/menuEntries';
import { VIEWS } from '../app/views';

/** The screens of the signed-in user's menu that have a route (see src/app/views.ts). */
export function useRoutedEntries(): MenuEntry[] {
  const menus = useMenus();
  return useMemo(() => routedEntries(menus, VIEWS), [menus]);
}

export function useEntriesByIdentifier(): Map<string, MenuEntry> {
  const entries = useRoutedEntries();
  return useMemo(() => new Map(entries.map((entry) => [entry.identifier, entry])), [entries]);
}
