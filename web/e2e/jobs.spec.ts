import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { choose, confirmDialog, createStaff, pick, rowAction, signedIn, tokenFor } from './session';
import { sql } from './database';

const browser = specBrowser();
let page: Page;
const STAMP = Date.now().toString(36);
const NAME = `Browser ping ${STAMP}`;

screenshotOnFailure('jobs', () => page);

const dialog = () => page.getByRole('dialog');

describe('scheduled tasks (SPEC §2 /system/task/schedule and /system/task/log)', () => {
  it('creates a task, runs it now with a parameter override, and its record appears in the task records', async () => {
    page = await signedIn(browser, '/system/task/schedule');
    await page.getByRole('button', { name: 'Add' }).click();
    await dialog().getByLabel('Job name').fill(NAME);
    await pick(page, dialog().getByRole('combobox', { name: 'Handler' }), 'console');
    // each method named by its job in the reader's language, its code beside it
    await choose(page, dialog().getByRole('combobox', { name: 'Method' }), 'Console health ping');
    await dialog().getByLabel('Cron expression').fill('0 5 * * 1-5');
    // the cron in words, in the reader's language
    await dialog().getByTestId('cron-words').getByText('At 05:00, Monday through Friday').waitFor();
    await dialog().getByLabel('Note').fill('saved note');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await dialog().waitFor({ state: 'detached' });

    const row = page.getByTestId('jobs-table').getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    await rowAction(page, row, 'Schedule');
    const times = page.getByTestId('next-times').locator('li');
    await expect.poll(() => times.count()).toBe(5);
    await page.getByRole('button', { name: 'Close' }).click();

    await rowAction(page, row, 'Run now');
    await dialog().getByLabel('Note').fill('from the browser');
    await dialog().getByRole('button', { name: 'Run' }).click();
    await page.getByText('The run has started').waitFor();

    await rowAction(page, row, 'Records');
    await page.waitForURL((url) => url.pathname === '/system/task/log' && url.searchParams.has('jobId'));
    const records = page.getByTestId('job-records-table');
    await expect.poll(async () => {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      return records.getByRole('row', { name: /Succeeded/ }).count();
    }, { timeout: 60_000, interval: 1_000 }).toBe(1);
    await records.getByRole('row', { name: new RegExp(NAME) }).getByRole('button', { name: 'View' }).click();
    await page.getByTestId('detail-drawer').getByText('pong from the browser').waitFor();
  }, 240_000);

  it('names the person in charge, and shows a refused parameter on its field (SPEC §5)', async () => {
    const owner = `Probe owner ${STAMP}`.slice(0, 20);
    const ownerId = await createStaff({ username: `probe.${STAMP}`, password: 'Probe-Desk-2026!' }, 'it', owner);
    const probe = `Browser probe ${STAMP}`;
    const added = await api('POST', 'job/add', {
      name: probe, handler: 'http', method: 'probe', cron: '0 3 * * *', timeZone: 'UTC', ownerId,
      params: { url: 'https://example.com/' }, emails: [], pauseAfterFailures: 0,
    }, await tokenFor());
    expect(added.code, added.message).toBe('SUCCESS');
    page = await signedIn(browser, '/system/task/schedule');
    const row = page.getByTestId('jobs-table').getByRole('row', { name: new RegExp(probe) });
    await row.waitFor();
    expect(await row.innerText()).toContain(owner);

    // run now towards the cloud metadata address: refused, and said under the parameters, not only in a notice
    await rowAction(page, row, 'Run now');
    await dialog().getByLabel('URL').fill('http://169.254.169.254/latest/meta-data/');
    await dialog().getByRole('button', { name: 'Run' }).click();
    await dialog().locator('.ant-form-item-explain-error').getByText(/^URL: 169\.254\.169\.254 is an address of the console's own network/).waitFor();
    expect(await dialog().count()).toBe(1); // the dialog stays open, with what was typed
  }, 120_000);
});

describe('a failed task record is retried from the task records (SPEC §4 task result)', () => {
  it('asks first, runs the task again with the record\'s parameters, and the new record names the failed one', async () => {
    const name = `Browser retry ${STAMP}`;
    const added = await api<{ id: number }>('POST', 'job/add', {
      name, handler: 'console', method: 'ping', cron: '0 4 * * *', timeZone: 'UTC', params: { note: 'saved' },
      emails: [], pauseAfterFailures: 0,
    }, await tokenFor());
    expect(added.code, added.message).toBe('SUCCESS');
    // a run that failed an hour ago, with a parameter of its own (no screen makes a ping fail)
    const [failed] = await sql<{ id: number }>(
      `insert into job_records (job_id, job_name, workflow_id, run_id, trigger, params, nominal_at, started_at,
         finished_at, duration_ms, attempt, result, error)
       values (%s, %s, %s, 'r', 'SCHEDULE', '{"note": "again"}', now() - interval '1 hour', now() - interval '1 hour',
         now() - interval '1 hour', 5, 1, 'FAILED', 'refused by the far end') returning id`,
      [added.data.id, name, `job-${added.data.id}-failed-${STAMP}`]);

    page = await signedIn(browser, `/system/task/log?jobId=${added.data.id}`);
    const records = page.getByTestId('job-records-table');
    const failedRow = records.getByRole('row', { name: /Failed/ });
    await failedRow.waitFor();
    await rowAction(page, failedRow, 'Retry');
    await confirmDialog(page, 'Run this task again with the parameters of this failed record?')
      .getByRole('button', { name: 'OK' }).click();
    await page.getByText('The retry has started').waitFor();
    await expect.poll(async () => {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      return records.getByRole('row', { name: /Succeeded/ }).count();
    }, { timeout: 60_000, interval: 1_000 }).toBe(1);
    const retried = records.getByRole('row', { name: /Succeeded/ });
    await retried.getByRole('button', { name: 'View' }).click();
    const drawer = page.getByTestId('detail-drawer');
    await drawer.getByText('pong again').waitFor();
    await drawer.getByText(`#${failed!.id}`).waitFor();
    await page.keyboard.press('Escape');
    // retried once: the failed row offers no second retry
    await expect.poll(() => failedRow.getByTestId('row-actions').getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0);
  }, 180_000);
});
