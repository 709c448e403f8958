// Ant Design writes its CSS-in-JS into <style data-rc-order> elements of the document's head (some 400 KB for a
// dialog with a few pickers). jsdom parses every such sheet and, after each DOM change, matches all of its rules
// again on every getComputedStyle, which testing-library calls for each element a *ByRole query or an accessible
// name looks at: one query took seconds of CPU, a picker test minutes on a busy machine. Unit tests need no
// styles, so these elements are typed as something other than CSS before they are inserted: Ant Design still finds
// them where it put them (it looks them up by key), jsdom parses none of them.
const IGNORED_TYPE = 'text/x-unit-test-unstyled';

function unstyle(node: Node): void {
  if (node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order')) node.setAttribute('type', IGNORED_TYPE);
}

export function keepCssInJsUnparsed(): void {
  const { appendChild, insertBefore } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    unstyle(node);
    return appendChild.call(this, node) as T;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    unstyle(node);
    return insertBefore.call(this, node, child) as T;
  };
}
