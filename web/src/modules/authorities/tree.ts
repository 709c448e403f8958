/** Pure helpers over the authority tree (and any tree of `{id, children}`): index, check, search. */

export interface TreeNode {
  id: number;
  /** DIRECTORY, MENU or BUTTON (authorities); a plain tree leaves it out. */
  menuType?: string;
  children: readonly TreeNode[];
}

export interface TreeIndex {
  parentOf: Map<number, number | undefined>;
  childrenOf: Map<number, number[]>;
  /** The action buttons: each is granted on its own, never along with its menu or directory. */
  buttons: Set<number>;
  directories: Set<number>;
}

export function indexTree(nodes: readonly TreeNode[]): TreeIndex {
  const parentOf = new Map<number, number | undefined>();
  const childrenOf = new Map<number, number[]>();
  const buttons = new Set<number>();
  const directories = new Set<number>();
  const visit = (list: readonly TreeNode[], parent: number | undefined) => {
    for (const node of list) {
      parentOf.set(node.id, parent);
      childrenOf.set(node.id, node.children.map((child) => child.id));
      if (node.menuType === 'BUTTON') buttons.add(node.id);
      if (node.menuType === 'DIRECTORY') directories.add(node.id);
      visit(node.children, node.id);
    }
  };
  visit(nodes, undefined);
  return { parentOf, childrenOf, buttons, directories };
}

export function ancestorsOf(id: number, index: TreeIndex): number[] {
  const found: number[] = [];
  for (let at = index.parentOf.get(id); at !== undefined; at = index.parentOf.get(at)) found.push(at);
  return found;
}

export function descendantsOf(id: number, index: TreeIndex): number[] {
  return (index.childrenOf.get(id) ?? []).flatMap((child) => [child, ...descendantsOf(child, index)]);
}

/**
 * The permission editor's rule: checking a node grants it with the directories and menu above it (so it hangs
 * in the menu); checking a directory also grants the menus below it, but never an action button, which is
 * chosen on its own. Unchecking takes the node away with everything below it.
 */
export function toggleGrant(checked: readonly number[], id: number, on: boolean, index: TreeIndex): number[] {
  const next = new Set(checked);
  const below = descendantsOf(id, index);
  if (on) {
    const screens = index.directories.has(id) ? below.filter((each) => !index.buttons.has(each)) : [];
    [id, ...screens, ...ancestorsOf(id, index)].forEach((each) => next.add(each));
  } else [id, ...below].forEach((each) => next.delete(each));
  return [...next].sort((a, b) => a - b);
}

/**
 * How the tree shows a grant: a directory is checked when it and every directory and menu below it are
 * granted, half-checked when only some of them are; a menu or button is checked when granted.
 */
export function grantDisplay(checked: readonly number[], index: TreeIndex): { checked: number[]; halfChecked: number[] } {
  const granted = new Set(checked);
  const full: number[] = [];
  const half: number[] = [];
  for (const id of checked) if (!index.directories.has(id)) full.push(id);
  for (const id of index.directories) {
    const screens = [id, ...descendantsOf(id, index).filter((each) => !index.buttons.has(each))];
    const held = screens.filter((each) => granted.has(each)).length;
    if (held === screens.length) full.push(id);
    else if (held > 0) half.push(id);
  }
  return { checked: full.sort((a, b) => a - b), halfChecked: half.sort((a, b) => a - b) };
}

/** The nodes matching `matches`, with the branches that lead to them (a search keeps the path visible). */
export function filterTree<N extends TreeNode>(nodes: readonly N[], matches: (node: N) => boolean): N[] {
  return nodes.flatMap((node) => {
    if (matches(node)) return [node];
    const children = filterTree(node.children as readonly N[], matches);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** Every id of a tree, depth-first. */
export function allIds(nodes: readonly TreeNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children)]);
}
