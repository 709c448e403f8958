import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { COURIERS_PATH, rowAction, signedIn } from './session';

const browser = specBrowser();
let page: Page;

/** Couriers of this run, past the export threshold (10,000 rows), written straight into the table. */
const RUN = `Bulk ${String.fromCharCode(...[...Date.now().toString(36)].map((c) => 97 + (parseInt(c, 36) % 26)))}`;
const ROWS = 10_050;

beforeAll(async () => {
  await sql(
    `insert into couriers (name, channel, shipping_method, status, country)
     select %s || ' ' || lpad(g::text, 5, '0'), 'SHOPEE_ID', 'PICK_UP', 'LIVE', 'ID' from generate_series(1, %s) g`,
    [RUN, ROWS],
  );
});

afterAll(async () => {
  await sql('delete from couriers where name like %s', [`${RUN} %`]);
});

screenshotOnFailure('export-tasks', () => page);

describe('a large export becomes an export task (docs/exports.md)', () => {
  it('starts the task, follows its progress to Active and downloads the file', { timeout: 240_000 }, async () => {
    page = await signedIn(browser, `${COURIERS_PATH}?name=${encodeURIComponent(RUN)}`);
    const sent = page.waitForResponse((reply) => reply.url().endsWith('/cms/courier/export'));
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await sent).status()).toBe(202);
    const started = page.getByTestId('export-started');
    await started.getByText('Processing, please wait').waitFor();
    await started.getByRole('link', { name: 'Go to exports' }).click();
    await page.waitForURL((url) => url.pathname === '/export-tasks');

    const row = page.getByTestId('export-tasks-table').locator('tbody tr.ant-table-row').first();
    await row.getByText('Active').waitFor({ timeout: 120_000 });
    await expect.poll(() => row.innerText()).toContain(String(ROWS));
    const download = page.waitForEvent('download');
    await rowAction(page, row, 'Download');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^couriers-\d{8}-\d{6}\.xlsx$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });
});
