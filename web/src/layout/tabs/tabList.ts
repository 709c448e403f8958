import type { MenuEntry } from '../../app/menuEntries';

/** One visited page in the tabs view; a page is one tab whatever its query (the last one is kept). */
export interface Tab {
  /** The pathname: the tab's identity. */
  path: string;
  /** Path, query and hash last seen, where clicking the tab goes. */
  fullPath: string;
  identifier: string;
  affix: boolean;
  noCache: boolean;
}

export const HOME_PATH = '/home';

export function tabFor(entry: MenuEntry, path: string, fullPath: string): Tab {
  return { path, fullPath, identifier: entry.identifier, affix: entry.affix, noCache: entry.noCache };
}

/** A visit: a new tab at the end, or the existing tab with its latest address. */
export function visit(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index < 0) return [...tabs, tab];
  if (tabs[index]!.fullPath === tab.fullPath) return [...tabs];
  return tabs.map((t, i) => (i === index ? { ...t, fullPath: tab.fullPath } : t));
}

/** Affixed pages are always there, in menu order, ahead of the others. */
export function withAffixed(tabs: readonly Tab[], affixed: readonly Tab[]): Tab[] {
  const fixed = affixed.map((a) => tabs.find((t) => t.path === a.path) ?? a);
  return [...fixed, ...tabs.filter((t) => !affixed.some((a) => a.path === t.path))];
}

/** SPEC §2: affixed tabs cannot be closed. */
export function close(tabs: readonly Tab[], path: string): Tab[] {
  return tabs.filter((t) => t.affix || t.path !== path);
}

/** Affixed tabs stay on close others. */
export function closeOthers(tabs: readonly Tab[], path: string): Tab[] {
  return tabs.filter((t) => t.affix || t.path === path);
}

/** Affixed tabs stay on close all. */
export function closeAll(tabs: readonly Tab[]): Tab[] {
  return tabs.filter((t) => t.affix);
}

/** SPEC §2: after closing the active tab, go to the last remaining tab, else home. */
export function landingAfterClose(remaining: readonly Tab[]): string {
  return remaining[remaining.length - 1]?.fullPath ?? HOME_PATH;
}

/** Tabs restored after a reload: only pages the user can still open, affixed ones in front. */
export function restore(stored: unknown, routed: ReadonlyMap<string, MenuEntry>): Tab[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item: Partial<Tab>) => {
    const entry = typeof item?.identifier === 'string' ? routed.get(item.identifier) : undefined;
    if (!entry || typeof item.path !== 'string' || typeof item.fullPath !== 'string') return [];
    return [tabFor(entry, item.path, item.fullPath)];
  });
}
