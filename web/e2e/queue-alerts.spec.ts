import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { pick, signedIn } from './session';
import { endFlow, waitingFlow } from './temporal';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('queue-alerts', () => page);

const STAMP = Date.now().toString(36);
const QUEUE = `e2e-unpolled-${STAMP}`;
const FLOW = `e2e-waiting-${STAMP}`;
const dialog = () => page.getByRole('dialog');

afterAll(() => endFlow(FLOW).catch(() => undefined));

describe.skipIf(!inject('temporal'))('queue alerts (SPEC §2 /system/task/alter-mq)', () => {
  it('a rule is created on the screen, listed with its reading, and opens an alert when its queue backs up', async () => {
    await waitingFlow(FLOW, QUEUE); // a workflow task no worker takes: a backlog of one on that queue
    page = await signedIn(browser, '/system/task/alter-mq');
    await page.getByRole('button', { name: 'Add' }).click();
    await dialog().getByLabel('Task queue').fill(QUEUE);
    await pick(page, dialog().getByRole('combobox', { name: 'Tasks watched' }), 'Workflow tasks');
    await dialog().getByLabel('Backlog threshold').fill('0');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await dialog().waitFor({ state: 'detached' });
    const rule = page.getByTestId('queue-alert-rules-table').getByRole('row', { name: new RegExp(QUEUE) });
    await rule.waitFor();

    // The `queue-alerts` Schedule (every minute) reads the queue from Temporal and opens one alert.
    await page.getByRole('tab', { name: 'Alerts', exact: true }).click();
    const alert = page.getByTestId('queue-alerts-table').getByRole('row', { name: new RegExp(QUEUE) });
    await expect.poll(async () => {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      return alert.count();
    }, { timeout: 180_000, interval: 3_000 }).toBe(1);
    expect(await alert.innerText()).toMatch(/Open[\s\S]*backlog/);

    // the rule shows the reading the check took: a backlog of one, alerting
    await page.getByRole('tab', { name: 'Rules', exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => rule.innerText()).toMatch(/Workflow tasks\s+0\s+—\s+Yes\s+1\s/); // threshold 0, no age threshold, alerting, backlog 1
  }, 240_000);
});
