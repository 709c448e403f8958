import { fileURLToPath } from 'node:url';

/**
 * How the production bundle is split.
 *
 * The vendor shell (React, the router, Ant Design, TanStack Query, i18next) holds only the library code that the
 * entry imports statically (`$initial`), so the login page stays small. ECharts and React Flow are only ever
 * imported lazily and get chunks of their own; every module page is a lazy route chunk.
 *
 * What the lazy routes share is grouped by who needs it, so a page loads a few files rather than one per
 * combination of pages (a list page fetched about 90 over HTTP/1.1, six at a time):
 * - `common`: what the login page and the first page after login (the shell and the home page) both load;
 * - `shell`: the rest of the first page after login;
 * - `forms`: the rest of the login page (the form library, inputs), which every form and search loads too;
 * - `list`: the rest of the resource kit and the pickers, with the Ant Design components they draw (table,
 *   select, date pickers, dialogs), which every list page loads.
 * Each of the first three is exactly the modules of its pages that the others lack, so the login page and the
 * first page after login load the same code as before, in fewer files (`npm run size` holds them to budget).
 */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

type ChunkGroup = {
  name: string | ((id: string, ctx: ModuleGraph) => string | null);
  test?: RegExp;
  priority: number;
  tags?: ['$initial'];
};

const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/** The entry: what it imports statically loads with it, in the vendor chunks or its own. */
const ENTRY = [source('main.tsx')];
/** The pages whose static imports make the groups (the same routes `npm run size` weighs). */
const LOGIN = [source('modules/auth/LoginPage.tsx')];
const FIRST_PAGE = [source('layout/ShellLayout.tsx'), source('modules/home/HomePage.tsx')];
const LIST_KIT = [source('components/resource/index.ts'), source('components/ReferenceSelect.tsx')];

/** Every module `roots` import statically, directly or not (type-only imports are gone by then). */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds);
  }
  return seen;
}

/** The closures, computed once a chunking pass (whose module records stay the same objects throughout). */
let closures: { pass: unknown; entry: Set<string>; login: Set<string>; first: Set<string>; list: Set<string> } | undefined;

function closuresOf(graph: ModuleGraph) {
  const pass = graph.getModuleInfo(ENTRY[0]!);
  if (!closures || closures.pass !== pass) {
    closures = {
      pass,
      entry: staticClosure(graph, ENTRY),
      login: staticClosure(graph, LOGIN),
      first: staticClosure(graph, FIRST_PAGE),
      list: staticClosure(graph, LIST_KIT),
    };
  }
  return closures;
}

/** A group holding the lazy modules `member` admits; the page modules themselves stay in their route chunks. */
function shared(name: string, priority: number, member: (id: string, sets: ReturnType<typeof closuresOf>) => boolean): ChunkGroup {
  const pages = [...LOGIN, ...FIRST_PAGE];
  return {
    name: (id, ctx) => {
      const sets = closuresOf(ctx);
      return !pages.includes(id) && !sets.entry.has(id) && member(id, sets) ? name : null;
    },
    priority,
  };
}

export const chunkGroups: ChunkGroup[] = [
  { name: 'vendor-react', test: pkg('react|react-dom|scheduler|react-router|cookie|set-cookie-parser'), priority: 40, tags: ['$initial'] },
  { name: 'vendor-antd', test: pkg('antd|@ant-design|@rc-component|rc-[^\\\\/]+|@babel[\\\\/]runtime|dayjs|classnames|clsx|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|stylis|@emotion'), priority: 30, tags: ['$initial'] },
  { name: 'vendor-data', test: pkg('@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|js-cookie|use-sync-external-store'), priority: 20, tags: ['$initial'] },
  { name: 'echarts', test: pkg('echarts|zrender|echarts-for-react|size-sensor|fast-deep-equal'), priority: 10 },
  { name: 'flow', test: pkg('@xyflow|d3-[^\\\\/]+|zustand|classcat'), priority: 10 },
  shared('common', 8, (id, sets) => sets.login.has(id) && sets.first.has(id)),
  shared('shell', 7, (id, sets) => sets.first.has(id) && !sets.login.has(id)),
  shared('forms', 6, (id, sets) => sets.login.has(id) && !sets.first.has(id)),
  shared('list', 5, (id, sets) => sets.list.has(id)),
];
