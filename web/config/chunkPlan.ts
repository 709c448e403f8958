import { build, type PluginOption, type Rolldown } from 'vite';
import { chunkGroups, type ChunkGroup } from './chunkGroups.ts';
import firstPages from './firstPages.json';

/**
 * Fewer files for a first visit: the lazy chunks regrouped by who loads them.
 *
 * Split by the default rules alone, the bundle has a chunk for every set of route pages sharing some modules:
 * a list page loaded about a hundred script files, and a browser spends 3-6 ms on each (six at a time over
 * HTTP/1.1), more than on their bytes. A first build, kept in memory, tells which lazy modules the login page
 * loads, which the first page after login (the shell and the home page) loads, and which many route pages share;
 * the real build then puts each class in one chunk:
 *
 * - `common`: loaded by the login page and by the first page after login;
 * - `login`: by the login page only (its form, which the pages with a form use too);
 * - `shell`: by the first page after login only (every page is drawn inside the shell);
 * - `kit`: by neither, shared by at least KIT_SHARES route pages (the resource kit's table, search form,
 *   dialogs and pickers), library and kit code only, never a module's own.
 *
 * The login page and the first page load exactly the modules they loaded before (`npm run size` holds them to
 * their budgets); a list page loads the kit whole, a few more bytes in far fewer files. Each class is closed under
 * static imports (what a module imports is loaded wherever it is): with the entry's own modules in a group above
 * them (`app`), a group taking its modules' dependencies (the default) takes only modules of its own class or
 * below, and the groups never import one another in a circle.
 */

// The login page and the first page after login, as `npm run size` measures them.
const { login: LOGIN_ROUTE, afterLogin: FIRST_PAGE_ROUTES } = firstPages;
/** A lazy module shared by fewer route pages stays in the chunks the default rules give it. */
const KIT_SHARES = 8;

export interface ChunkPlan {
  entry: Set<string>;
  common: Set<string>;
  login: Set<string>;
  shell: Set<string>;
  lazy: Set<string>;
}

/** The chunk groups of the real build: the vendor groups, then one per class of the plan. */
export function plannedGroups(plan: ChunkPlan): ChunkGroup[] {
  const member = (set: Set<string>) => (id: string) => set.has(id);
  const kitCode = (id: string) => plan.lazy.has(id) && !/[\\/]src[\\/]modules[\\/]/.test(id);
  return [
    ...chunkGroups,
    // Below the vendor groups: the entry's own modules, so that no group below takes them as a dependency.
    { name: 'app', test: member(plan.entry), priority: 15 },
    { name: 'common', test: member(plan.common), priority: 8 },
    { name: 'login', test: member(plan.login), priority: 7 },
    { name: 'shell', test: member(plan.shell), priority: 7 },
    { name: 'kit', test: kitCode, priority: 6, minShareCount: KIT_SHARES },
  ];
}

/** Builds once in memory with the vendor groups only and classes every lazy module by who loads it. */
export async function planChunks(plugins: PluginOption[]): Promise<ChunkPlan> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (starts: Rolldown.OutputChunk[]): Set<Rolldown.OutputChunk> => {
    const seen = new Set<Rolldown.OutputChunk>();
    const visit = (chunk: Rolldown.OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      chunk.imports.forEach((file) => visit(byFile.get(file)));
    };
    starts.forEach(visit);
    return seen;
  };
  const route = (path: string) => {
    const found = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(path));
    if (!found) throw new Error(`chunk plan: no chunk for ${path}`);
    return found;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
  const login = closure([route(LOGIN_ROUTE)]);
  const first = closure(FIRST_PAGE_ROUTES.map(route));
  const plan: ChunkPlan = { entry: new Set(), common: new Set(), login: new Set(), shell: new Set(), lazy: new Set() };
  for (const chunk of chunks) {
    if (chunk.isDynamicEntry && !entry.has(chunk)) continue; // each route's own chunk stays as it is
    const target = entry.has(chunk) ? plan.entry
      : login.has(chunk) ? (first.has(chunk) ? plan.common : plan.login)
      : first.has(chunk) ? plan.shell : plan.lazy;
    chunk.moduleIds.forEach((id) => target.add(id));
  }
  return plan;
}
