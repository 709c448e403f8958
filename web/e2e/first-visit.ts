import type { Page } from 'playwright-core';
import { at } from './console';
import type { TestBrowser } from './browser';
import { signedIn } from './session';
import { record, summary, VISIT_MARK, type Phase } from './profile';

/** One request of the page, in ms since the navigation started. */
export interface Fetched {
  name: string;
  start: number;
  end: number;
  bytes: number;
}

/** A long task of the main thread (50 ms or more), and the scripts the long animation frame around it ran. */
export interface LongTask {
  start: number;
  duration: number;
  /** The longest scripts of the frame: `duration ms invoker (source)`. */
  scripts: string[];
  /** The frame's style and layout, after its scripts. */
  styleAndLayout: number;
}

export interface FirstVisit {
  /** When the list's first row was on screen, ms since the navigation started. */
  firstRows: number;
  /** When the search request was sent and answered. */
  search: Fetched | undefined;
  /** Everything the page fetched before its first row was on screen, in order of start. */
  before: Fetched[];
  /** The main thread's long tasks until then. */
  longTasks: LongTask[];
  /** Where the main thread's time went in each phase (with `OMP_E2E_PROFILE` set). */
  profile?: string;
}

type Watched = { firstRows?: number; longTasks: { start: number; duration: number }[]; frames: PerformanceEntry[] };

/**
 * Records, from the first script of the page on, when a row first appears in the table `testId`, and the main
 * thread's long tasks and long animation frames (which scripts ran in them) until then.
 */
function watchRows({ testId, mark }: { testId: string; mark: string }): void {
  const watched = window as unknown as Watched;
  watched.longTasks = [];
  watched.frames = [];
  performance.mark(mark);
  const selector = `[data-testid="${testId}"] .ant-table-row`;
  const seen = () => {
    if (watched.firstRows === undefined && document.querySelector(selector)) watched.firstRows = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  const observe = (type: string, keep: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(keep)).observe({ type, buffered: true });
    } catch {
      // an entry type this browser does not know
    }
  };
  observe('longtask', (entry) => watched.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  observe('long-animation-frame', (entry) => watched.frames.push(entry));
}

/** The long tasks before the first rows, each with the scripts of its animation frame (Chromium's LoAF entries). */
function longTasksOf(until: number): LongTask[] {
  interface Script { duration: number; invoker: string; sourceURL: string; sourceFunctionName: string }
  interface Frame extends PerformanceEntry { scripts: Script[]; styleAndLayoutStart: number; renderStart: number }
  const watched = window as unknown as Watched;
  const frames = watched.frames as Frame[];
  return watched.longTasks.filter((task) => task.start < until).map((task) => {
    const frame = frames.find((entry) => entry.startTime <= task.start + 1 && task.start < entry.startTime + entry.duration);
    const file = (url: string) => url.slice(url.lastIndexOf('/') + 1);
    const scripts = (frame?.scripts ?? []).filter((script) => script.duration >= 10).sort((a, b) => b.duration - a.duration).slice(0, 3)
      .map((script) => `${Math.round(script.duration)} ms ${script.invoker} (${[script.sourceFunctionName, file(script.sourceURL)].filter(Boolean).join(' ')})`);
    const styleAndLayout = frame && frame.styleAndLayoutStart ? Math.round(frame.startTime + frame.duration - frame.styleAndLayoutStart) : 0;
    return { start: Math.round(task.start), duration: Math.round(task.duration), scripts, styleAndLayout };
  });
}

/**
 * A signed-in user's first visit of a list with an empty cache: the session cookie is set on another page, the
 * browser's cache emptied, then the list's address opened as a link or a bookmark would.
 */
export async function firstVisit(browser: TestBrowser, path: string, testId: string, viewport = { width: 1366, height: 768 }): Promise<{ page: Page; visit: FirstVisit }> {
  const page = await signedIn(browser, '/404', { viewport, shell: false });
  await page.getByRole('button').first().waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.addInitScript(watchRows, { testId, mark: VISIT_MARK });
  const recording = process.env.OMP_E2E_PROFILE ? await record(cdp) : undefined;
  await page.goto(at(path));
  await page.waitForFunction(() => (window as unknown as { firstRows?: number }).firstRows !== undefined);
  const recorded = await recording?.stop();
  const visit = await page.evaluate((mark) => {
    const firstRows = (window as unknown as { firstRows: number }).firstRows;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const fetched = entries.map((entry) => ({
      name: new URL(entry.name).pathname, start: Math.round(entry.startTime), end: Math.round(entry.responseEnd), bytes: entry.encodedBodySize,
    }));
    const search = fetched.find((entry) => entry.name.endsWith('/search'));
    const markAt = performance.getEntriesByName(mark)[0]?.startTime ?? 0;
    return { firstRows: Math.round(firstRows), search, before: fetched.filter((entry) => entry.start < firstRows), markAt };
  }, VISIT_MARK);
  // the observers hear of a task once it has ended: the one that drew the rows, and its frame, come a moment later
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
  const longTasks = await page.evaluate(longTasksOf, visit.firstRows);
  const { markAt, ...measured } = visit;
  const result: FirstVisit = { ...measured, longTasks };
  if (recorded) result.profile = summary(recorded, markAt, phasesOf(result));
  return { page, visit: result };
}

/** The phases of a visit: the entry and the session, the chunks of the shell and the page, the gap before the
 *  page's calls, its search, and drawing the rows. */
export function phasesOf(visit: FirstVisit): Phase[] {
  const search = visit.search;
  const session = Math.max(0, ...visit.before.filter((entry) => /\/cms\/user\/(info|menus)$/.test(entry.name)).map((entry) => entry.end));
  const chunks = Math.max(session, ...visit.before.filter((entry) => entry.name.endsWith('.js') && (!search || entry.start < search.start)).map((entry) => entry.end));
  const calls = search ? Math.min(search.start, ...visit.before.filter((entry) => entry.name.startsWith('/cms/') && entry.start > session).map((entry) => entry.start)) : chunks;
  return [
    { name: 'entry and session', from: 0, to: session },
    { name: 'chunks', from: session, to: chunks },
    { name: 'gap before the calls', from: chunks, to: calls },
    { name: 'calls to the reply', from: calls, to: search?.end ?? calls },
    { name: 'rows drawn', from: search?.end ?? calls, to: visit.firstRows },
    { name: 'whole visit', from: 0, to: visit.firstRows },
  ];
}

/**
 * The requests and long tasks of a visit as lines in order of start (for the test's output and the bench's notes):
 * a request's start-end ms, size and address; a long task's start, duration, its frame's style and layout and
 * the scripts that ran longest. Then the counts, and the profile of each phase when one was taken.
 */
export function waterfall(visit: FirstVisit): string {
  const pad = (value: number, width = 5) => String(value).padStart(width);
  const lines = [
    ...visit.before.map((entry) => ({ at: entry.start, text: `${pad(entry.start)}-${pad(entry.end)} ms ${pad(Math.round(entry.bytes / 1024), 4)} KB ${entry.name}` })),
    ...visit.longTasks.map((task) => ({
      at: task.start,
      text: `${pad(task.start)} +${pad(task.duration, 4)} ms LONG TASK${task.styleAndLayout ? ` (style+layout ${task.styleAndLayout} ms)` : ''}${task.scripts.length ? `: ${task.scripts.join('; ')}` : ''}`,
    })),
  ].sort((a, b) => a.at - b.at);
  const scripts = visit.before.filter((entry) => entry.name.endsWith('.js'));
  const busy = visit.longTasks.reduce((sum, task) => sum + task.duration, 0);
  const phases = phasesOf(visit).map((phase) => `${phase.name} ${phase.to - phase.from} ms`).join(', ');
  const totals = `${scripts.length} script files, ${visit.longTasks.length} long tasks (${busy} ms); ${phases}`;
  return [...lines.map((line) => line.text), totals, ...(visit.profile ? [visit.profile] : [])].join('\n');
}
