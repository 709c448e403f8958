import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from './console';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('heartbeats', () => page);

describe('heartbeats (SPEC §2 /system/task/heartbeat/*, /system/heartbeat/detail)', () => {
  it('application status and the heartbeat list show the running API and worker, and a process shows its beats', async () => {
    page = await signedIn(browser, '/system/task/heartbeat/application-status');
    const status = page.getByTestId('application-status');
    for (const kind of ['API', 'Worker']) {
      const row = status.locator('tr', { has: page.getByRole('cell', { name: kind, exact: true }) }).first();
      await row.waitFor();
      expect(Number(await row.locator('td').nth(2).innerText())).toBeGreaterThan(0); // alive
    }

    page = await signedIn(browser, '/system/task/heartbeat/heartbeat-list');
    const table = page.getByTestId('heartbeats-table');
    const worker = table.getByRole('row', { name: /Worker/ }).filter({ hasText: 'Alive' }).first();
    await worker.waitFor();
    const listed = await api<{ items: { kind: string; host: string; status: string }[] }>(
      'POST', 'heartbeat/search', { page: 1, pageSize: 100, kind: 'WORKER' }, await tokenFor());
    const host = listed.data.items.find((item) => item.kind === 'WORKER' && item.status === 'ALIVE')!.host;
    expect(await worker.innerText()).toContain(host);

    await worker.getByRole('button', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === '/system/heartbeat/detail' && url.searchParams.has('id'));
    const detail = page.getByTestId('heartbeat-detail');
    await detail.getByText('Alive').waitFor();
    expect(await detail.innerText()).toContain(host);
    await expect.poll(() => page.getByTestId('heartbeat-history').locator('.ant-table-row').count()).toBeGreaterThan(0);
  }, 120_000);
});
