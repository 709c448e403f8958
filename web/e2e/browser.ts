import { mkdtemp, rm } from 'node:fs/promises';
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags that keep Chromium from reaching out to the network on its own (slow or refused here). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  /** A new tab with no cookies and no local storage left from earlier tests. */
  freshPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Debian's chromium with a fresh profile directory (its --user-data-dir), removed on close. */
export async function openBrowser(): Promise<TestBrowser> {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error('chromium not found: run `apt-get install -y chromium` as root');
  }
  const profile = await mkdtemp(join(tmpdir(), 'omp-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async freshPage() {
      await context.clearCookies();
      for (const open of context.pages()) await open.close();
      const page = await context.newPage();
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
