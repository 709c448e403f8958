import type { MenuProps } from 'antd';
import type { MenuNode } from '../../app/access/session';
import { titleIn } from '../../app/menuEntries';
import { menuIcon } from './menuIcons';

type Item = NonNullable<MenuProps['items']>[number];

export const directoryKey = (node: MenuNode) => `dir:${node.identifier}`;

export interface SidebarItems {
  items: Item[];
  /** Menu key -> the key of the directory holding it, to open the way to the current page. */
  parentOf: Map<string, string>;
}

/** The sidebar's items: a directory opens a group; a menu entry's key is its path. */
export function sidebarItems(tree: readonly MenuNode[], language: string): SidebarItems {
  const parentOf = new Map<string, string>();
  const build = (nodes: readonly MenuNode[], parent: string | undefined): Item[] =>
    nodes.map((node) => {
      const key = node.menuType === 'DIRECTORY' ? directoryKey(node) : node.path!;
      if (parent) parentOf.set(key, parent);
      const label = titleIn(node.titles, language) || node.title;
      const icon = menuIcon(node.icon, parent === undefined);
      if (node.menuType === 'DIRECTORY') return { key, label, icon, children: build(node.children, key) };
      return { key, label, icon };
    });
  return { items: build(tree, undefined), parentOf };
}

/** `key` and every directory above it. */
export function keyChain(key: string, parentOf: ReadonlyMap<string, string>): string[] {
  const chain: string[] = [];
  for (let current: string | undefined = key; current; current = parentOf.get(current)) chain.push(current);
  return chain;
}

/** SPEC §2 unique-opened: opening a group closes the groups that are not on its way. */
export function uniqueOpen(previous: readonly string[], next: readonly string[], parentOf: ReadonlyMap<string, string>): string[] {
  const opened = next.find((key) => !previous.includes(key));
  if (!opened) return [...next];
  const chain = keyChain(opened, parentOf);
  return next.filter((key) => chain.includes(key));
}

/**
 * The groups open once the page on screen is `page` (`arrived`: the user just navigated there).
 * A page inside groups opens its way; on arrival with unique-opened that way alone stays open.
 * A page outside any group leaves the groups as they are, so a group the user opens while the
 * page is still settling stays open.
 */
export function openFor(
  page: string,
  open: readonly string[],
  parentOf: ReadonlyMap<string, string>,
  { uniqueOpened, arrived }: { uniqueOpened: boolean; arrived: boolean },
): string[] {
  const way = keyChain(page, parentOf).slice(1);
  if (way.length === 0) return [...open];
  return uniqueOpened && arrived ? way : [...new Set([...open, ...way])];
}
