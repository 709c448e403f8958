import type { MenuNode } from './access/session';
import type { View } from './views';

export type Titles = MenuNode['titles'];

/** One routable screen of the menu tree, flattened: every route hangs directly under the shell. */
export interface MenuEntry {
  identifier: string;
  path: string;
  titles: Titles;
  icon: string | null;
  hidden: boolean;
  affix: boolean;
  noCache: boolean;
  /** Titles of the directories above it, outermost first (the route search shows them). */
  trail: Titles[];
}

/** A menu title in the given language; Thai, Vietnamese and missing titles fall back to English. */
export function titleIn(titles: Titles | undefined, language: string): string {
  if (!titles) return '';
  const localized = (titles as Record<string, string | undefined>)[language];
  return localized || titles.en || '';
}

/** Every MENU entry with a path, depth-first in menu order. Hidden parents hide their children too. */
export function menuEntries(tree: readonly MenuNode[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const visit = (nodes: readonly MenuNode[], trail: Titles[], hiddenAbove: boolean) => {
    for (const node of nodes) {
      const hidden = hiddenAbove || node.hidden;
      if (node.menuType === 'MENU' && node.path) {
        entries.push({
          identifier: node.identifier,
          path: node.path,
          titles: node.titles,
          icon: node.icon,
          hidden,
          affix: node.affix,
          noCache: node.noCache,
          trail,
        });
      }
      visit(node.children, node.menuType === 'DIRECTORY' ? [...trail, node.titles] : trail, hidden);
    }
  };
  visit(tree, [], false);
  return entries;
}

/** The entries that get a route inside the shell: a registered view, and not a public page. */
export function routedEntries(tree: readonly MenuNode[], views: Readonly<Record<string, View>>): MenuEntry[] {
  return menuEntries(tree).filter((entry) => {
    const view = views[entry.identifier];
    return view !== undefined && view.kind !== 'public';
  });
}

/** SPEC §2: hidden or omitted routes appear neither in the menu nor in the route search. */
export function searchableEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.filter((entry) => !entry.hidden);
}

/**
 * The sidebar's tree: hidden entries and entries without a view are left out, and so are
 * directories left with nothing to open.
 */
export function visibleMenu(tree: readonly MenuNode[], routed: ReadonlySet<string>): MenuNode[] {
  return tree.flatMap((node) => {
    if (node.hidden) return [];
    if (node.menuType === 'MENU') return routed.has(node.identifier) ? [node] : [];
    if (node.menuType !== 'DIRECTORY') return [];
    const children = visibleMenu(node.children, routed);
    return children.length ? [{ ...node, children }] : [];
  });
}
