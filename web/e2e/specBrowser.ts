import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { openBrowser, type TestBrowser } from './browser';

/**
 * One Chromium for all tests of the calling spec file: opened before them, closed after them.
 * Call it at the top of the file, before the file's own beforeAll, so the browser is up when that runs.
 */
export function specBrowser(): TestBrowser {
  let opened: TestBrowser | undefined;

  beforeAll(async () => {
    opened = await openBrowser();
  });

  // Every page runs under the server's Content-Security-Policy: a refused script, style or call fails the test.
  afterEach(() => {
    expect(opened?.takeCspViolations() ?? []).toEqual([]);
  });

  afterAll(async () => {
    await opened?.close();
  });

  const current = (): TestBrowser => {
    if (!opened) throw new Error('the browser opens in beforeAll; use it inside hooks and tests');
    return opened;
  };
  return {
    get context() {
      return current().context;
    },
    freshPage: (options) => current().freshPage(options),
    close: () => current().close(),
    takeCspViolations: () => current().takeCspViolations(),
  };
}
