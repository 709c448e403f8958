import type { Page } from 'playwright-core';
import { at } from './console';
import type { TestBrowser } from './browser';
import { signedIn } from './session';

/** One request of the page, in ms since the navigation started. */
export interface Fetched {
  name: string;
  start: number;
  end: number;
  bytes: number;
}

export interface FirstVisit {
  /** When the list's first row was on screen, ms since the navigation started. */
  firstRows: number;
  /** When the search request was sent and answered. */
  search: Fetched | undefined;
  /** Everything the page fetched before its first row was on screen, in order of start. */
  before: Fetched[];
}

/** Records, from the first script of the page on, when a row first appears in the table `testId`. */
function watchRows(testId: string): void {
  const selector = `[data-testid="${testId}"] .ant-table-row`;
  const record = () => {
    if ((window as unknown as { firstRows?: number }).firstRows === undefined && document.querySelector(selector)) {
      (window as unknown as { firstRows?: number }).firstRows = performance.now();
    }
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true });
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
  await page.addInitScript(watchRows, testId);
  await page.goto(at(path));
  await page.waitForFunction(() => (window as unknown as { firstRows?: number }).firstRows !== undefined);
  const visit = await page.evaluate(() => {
    const firstRows = (window as unknown as { firstRows: number }).firstRows;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const fetched = entries.map((entry) => ({
      name: new URL(entry.name).pathname, start: Math.round(entry.startTime), end: Math.round(entry.responseEnd), bytes: entry.encodedBodySize,
    }));
    const search = fetched.find((entry) => entry.name.endsWith('/search'));
    return { firstRows: Math.round(firstRows), search, before: fetched.filter((entry) => entry.start < firstRows) };
  });
  return { page, visit };
}

/** The requests of a visit as lines: start-end ms, size, address (for the test's output and the bench's notes). */
export function waterfall(visit: FirstVisit): string {
  return visit.before.map((entry) => `${String(entry.start).padStart(5)}-${String(entry.end).padStart(5)} ms ${String(Math.round(entry.bytes / 1024)).padStart(4)} KB ${entry.name}`).join('\n');
}
