/** Pure helpers over the authority tree (and any tree of `{id, children}`): index, check, search. */

export interface TreeNode {
  id: number;
  children: readonly TreeNode[];
}

export interface TreeIndex {
  parentOf: Map<number, number | undefined>;
  childrenOf: Map<number, number[]>;
}

export function indexTree(nodes: readonly TreeNode[]): TreeIndex {
  const parentOf = new Map<number, number | undefined>();
  const childrenOf = new Map<number, number[]>();
  const visit = (list: readonly TreeNode[], parent: number | undefined) => {
    for (const node of list) {
      parentOf.set(node.id, parent);
      childrenOf.set(node.id, node.children.map((child) => child.id));
      visit(node.children, node.id);
    }
  };
  visit(nodes, undefined);
  return { parentOf, childrenOf };
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
 * The permission editor's rule: checking a node grants it with everything below it and the directories
 * above it (so it hangs in the menu); unchecking takes it away with everything below it.
 */
export function toggleGrant(checked: readonly number[], id: number, on: boolean, index: TreeIndex): number[] {
  const next = new Set(checked);
  const below = descendantsOf(id, index);
  if (on) [id, ...below, ...ancestorsOf(id, index)].forEach((each) => next.add(each));
  else [id, ...below].forEach((each) => next.delete(each));
  return [...next].sort((a, b) => a - b);
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
