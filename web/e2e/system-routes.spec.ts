import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { apiGet, at } from './console';
import { tokenFor, withToken } from './session';

const browser = specBrowser();
let page: Page;

/** The value cell next to a label in an Ant Design bordered Descriptions table. */
function valueOf(label: string) {
  return page.locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) }).locator('td');
}

interface Info {
  name: string;
  version: string;
  commit: string;
  buildTime: string;
  appTitle: string;
}

interface Health {
  status: 'UP' | 'DOWN';
  components?: Record<string, { status: 'UP' | 'DOWN'; latencyMs: number | null; detail: string | null }>;
  processes?: Record<string, { status: 'UP' | 'RESTARTING'; restarts: number }>;
}

const COMPONENT_LABELS: Record<string, string> = {
  postgres: 'PostgreSQL',
  temporal: 'Temporal',
  breaker: 'Temporal breaker',
  smtp: 'SMTP',
  worker: 'Worker',
  pools: 'Database connections',
  activities: 'Activities',
};

/** Keeps the last health reply the page received, so the test compares the page with what it was told. */
function healthReplies(target: Page) {
  let last: Health | undefined;
  target.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('/cms/health')) {
      void response.json().then((body: { data: Health }) => { last = body.data; }, () => undefined);
    }
  });
  return { latest: () => last };
}

async function shownStatus(label: string): Promise<string | null> {
  return valueOf(label).locator('[data-status]').getAttribute('data-status');
}

function statusesOf(health: Health | undefined): Record<string, string> {
  const statuses: Record<string, string> = { Overall: health?.status ?? '' };
  for (const [name, component] of Object.entries(health?.components ?? {})) statuses[COMPONENT_LABELS[name] ?? name] = component.status;
  return statuses;
}

/** Whether every status row on the page shows what the given reply says. */
async function showsAll(health: Health | undefined): Promise<boolean> {
  for (const [label, status] of Object.entries(statusesOf(health))) {
    if ((await shownStatus(label)) !== status) return false;
  }
  return health !== undefined;
}

describe('hidden routes (SPEC §2: /info and /health)', () => {
  it('/info shows what the server reports, without signing in', async () => {
    const { data: info } = await apiGet<Info>('info');
    page = await browser.freshPage();
    await page.goto(at('/info'));

    await valueOf('Version').waitFor();
    expect(new URL(page.url()).pathname).toBe('/info');
    expect((await valueOf('Name').innerText()).trim()).toBe(info.name);
    expect((await valueOf('Version').innerText()).trim()).toBe(info.version);
    expect((await valueOf('Commit').innerText()).trim()).toBe(info.commit);
    expect((await valueOf('App title').innerText()).trim()).toBe(info.appTitle);
    expect((await valueOf('Build time').innerText()).trim()).not.toBe('');
    expect(await page.title()).toBe('About - GINEE-OMP');
  });

  it('/health without signing in shows only the overall status, as the server tells the public', async () => {
    page = await browser.freshPage();
    const replies = healthReplies(page);
    await page.goto(at('/health'));

    await valueOf('Overall').locator('[data-status]').waitFor();
    // The status may change between two reads under load: the page must show the reply it last received.
    await expect.poll(async () => (await shownStatus('Overall')) === replies.latest()?.status).toBe(true);
    expect(replies.latest()?.components ?? null).toBeNull();
    expect(await page.locator('tr').count()).toBe(1);
  });

  it('/health shows an operator every component with the status the server reports, and no error notification', async () => {
    const token = await tokenFor();
    page = await browser.freshPage();
    const replies = healthReplies(page);
    await page.goto(withToken('/health', token));

    await valueOf('Overall').locator('[data-status]').waitFor();
    await expect.poll(() => showsAll(replies.latest())).toBe(true);
    const health = replies.latest();
    for (const name of Object.keys(health?.components ?? {})) {
      expect(await valueOf(COMPONENT_LABELS[name] ?? name).innerText(), name).toContain('Latency');
    }
    expect(Object.keys(health?.components ?? {}).sort()).toEqual(['activities', 'breaker', 'pools', 'postgres', 'smtp', 'temporal', 'worker']);
    // The launcher supervises these and restarts one that dies; the page shows how often it did.
    expect(Object.keys(health?.processes ?? {}).sort()).toEqual(['api', 'marketplace', 'smtp', 'temporal', 'worker']);
    const worker = health?.processes?.worker;
    const row = valueOf('Worker process');
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe(worker?.status);
    expect(await row.locator('[data-restarts]').getAttribute('data-restarts')).toBe(String(worker?.restarts));
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
  });
});
