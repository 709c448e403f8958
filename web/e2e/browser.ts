import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export const DESKTOP = { width: 1280, height: 800 };

export interface TestBrowser {
  /** The context of the last fresh page. */
  context: BrowserContext;
  /** A new tab in a new context: no cookies, local or session storage left from earlier tests. */
  freshPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
  /** What the pages' Content-Security-Policy refused since the last call (each test expects none). */
  takeCspViolations(): string[];
}

/** Debian's chromium; every fresh page gets its own throw-away profile. */
export async function openBrowser(): Promise<TestBrowser> {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error('chromium not found: run `apt-get install -y chromium` as root');
  }
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  let context: BrowserContext | undefined;
  let violations: string[] = [];
  const handle: TestBrowser = {
    get context() {
      if (!context) throw new Error('no page yet');
      return context;
    },
    async freshPage(options = {}) {
      await context?.close();
      // Reduced motion, as some users ask of their system: the console then animates nothing, so a click
      // never lands on a menu or dialog that is still sliding or zooming in.
      context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, acceptDownloads: true, reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      return page;
    },
    takeCspViolations() {
      const taken = violations;
      violations = [];
      return taken;
    },
    async close() {
      await context?.close();
      await browser.close();
    },
  };
  return handle;
}
