import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotOnFailure } from './failures';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api, at } from './console';
import { confirmDialog, COURIERS_PATH, pick, rowAction, signedIn, tokenFor } from './session';
import { writeXlsx } from './spreadsheet';

const browser = specBrowser();
let page: Page;
let files: string;

/** Couriers of this run, so paging has more than one page whatever else is in the table. */
const RUN = `Run ${String.fromCharCode(...[...Date.now().toString(36)].map((c) => 97 + (parseInt(c, 36) % 26)))}`;

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'omp-e2e-files-'));
  const token = await tokenFor();
  for (const suffix of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo', 'Lima']) {
    const reply = await api('POST', 'courier/add', { name: `${RUN} ${suffix}`, channel: 'SHOPEE_ID', shippingMethod: 'PICK_UP' }, token);
    expect(reply.code, reply.message).toBe('SUCCESS');
  }
});

afterAll(async () => {
  await rm(files, { recursive: true, force: true });
});

screenshotOnFailure('couriers', () => page);

const table = () => page.getByTestId('couriers-table');
const names = async () => (await table().locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts()).map((n) => n.trim());
const searchBox = () => page.getByTestId('couriers-page').getByRole('textbox', { name: 'Courier name' });
const dialog = () => page.getByRole('dialog');

describe('couriers on the resource kit (SPEC §3 Courier, §5)', () => {
  it('searches, and the filter lives in the address: back restores the list before it', async () => {
    page = await signedIn(browser, COURIERS_PATH);
    await expect.poll(async () => (await names()).length).toBe(20);

    await searchBox().fill('ninja');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('name') === 'ninja');
    await expect.poll(names).toEqual(['Ninja Van']);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('name'));
    await expect.poll(async () => (await names()).length).toBe(20);
    expect(await searchBox().inputValue()).toBe('');
  });

  it('filters by several channels at once and strips empty fields from the search', async () => {
    page = await signedIn(browser, COURIERS_PATH);
    const sent = page.waitForRequest((request) => request.url().endsWith('/cms/courier/search') && request.postDataJSON()?.channel);
    const channel = page.getByRole('combobox', { name: 'Channel' });
    // the options show translated labels; the request carries the codes
    await pick(page, channel, 'Lazada');
    await pick(page, channel, 'Tiki');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({ channel: ['LAZADA_ID', 'TIKI_ID'], page: 1, pageSize: 20, sort: '-id' });
    const channels = () => table().locator('tbody tr.ant-table-row td:nth-child(3)').allInnerTexts();
    await expect.poll(async () => new Set(await channels())).toEqual(new Set(['Lazada', 'Tiki']));
    expect(await names()).toEqual(expect.arrayContaining(['Flash Express', 'GHN', 'Ninja Van']));
  });

  it('sorts by a column and pages, both kept in the address', async () => {
    page = await signedIn(browser, `${COURIERS_PATH}?name=${encodeURIComponent(RUN)}&pageSize=10`);
    await expect.poll(async () => (await names()).length).toBe(10);

    await table().getByRole('columnheader', { name: 'Courier name' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name');
    await expect.poll(names).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet'].map((n) => `${RUN} ${n}`));

    await page.getByRole('listitem', { name: '2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(names).toEqual([`${RUN} Kilo`, `${RUN} Lima`]);
    await page.getByText('12 in total').waitFor();

    await table().getByRole('columnheader', { name: 'Courier name' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-name' && !url.searchParams.has('page'));
    await expect.poll(async () => (await names())[0]).toBe(`${RUN} Lima`);
  });

  it('adds a courier: browser rules first, then the server\'s field errors on the same fields', async () => {
    page = await signedIn(browser, COURIERS_PATH);
    await page.getByRole('button', { name: 'Add' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Courier name: this field is required').waitFor();
    await dialog().getByText('Channel: this field is required').waitFor();

    await dialog().getByLabel('Courier name').fill('JNE 2');
    await dialog().getByText('Courier name: letters, spaces and & only').waitFor();

    // A duplicate is only known to the server: its refusal lands on the name field.
    await dialog().getByLabel('Courier name').fill('Ninja Van');
    await pick(page, dialog().getByRole('combobox', { name: 'Channel' }), 'Lazada');
    await pick(page, dialog().getByRole('combobox', { name: 'Shipping method' }), 'Drop Off');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().locator('.ant-form-item-explain-error').filter({ hasText: 'Ninja Van' }).waitFor();

    await dialog().getByLabel('Courier name').fill(`${RUN} Mike`);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await table().getByRole('cell', { name: `${RUN} Mike` }).waitFor();
  });

  it('shows the details and deletes after a second confirmation', async () => {
    page = await signedIn(browser, `${COURIERS_PATH}?name=${encodeURIComponent(`${RUN} Alpha`)}`);
    const row = table().getByRole('row', { name: new RegExp(`${RUN} Alpha`) });
    await row.getByRole('button', { name: 'View' }).click();
    const drawer = page.getByTestId('detail-drawer');
    await drawer.getByText('Shopee', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();

    await rowAction(page, row, 'Delete');
    await confirmDialog(page, 'Delete this record?').getByRole('button', { name: 'OK' }).click();
    await page.getByText('Deleted.').waitFor();
    await expect.poll(names).toEqual([]);
  });

  it('hides a column for this user only when asked, and keeps it hidden after a reload', async () => {
    page = await signedIn(browser, COURIERS_PATH);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByTestId('column-settings').getByRole('button', { name: 'Restore default columns' }).click();
    await table().getByRole('columnheader', { name: 'Shipping method' }).waitFor();
    const hides = (body: { columns?: { key: string; visible: boolean }[] } | null) =>
      Boolean(body?.columns?.some((column) => column.key === 'shippingMethod' && !column.visible));
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/cms/front/table-display/change') && hides(response.request().postDataJSON()),
    );
    await page.getByTestId('column-settings').getByRole('checkbox', { name: 'Shipping method' }).click();
    expect((await saved).request().postDataJSON()).toMatchObject({ tableKey: 'couriers' });
    await table().getByRole('columnheader', { name: 'Shipping method' }).waitFor({ state: 'detached' });

    await page.reload();
    await table().getByRole('columnheader', { name: 'Courier name' }).waitFor();
    expect(await table().getByRole('columnheader', { name: 'Shipping method' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByTestId('column-settings').getByRole('button', { name: 'Restore default columns' }).click();
    await table().getByRole('columnheader', { name: 'Shipping method' }).waitFor();
  });

  it('exports the current filter as the server\'s xlsx', async () => {
    page = await signedIn(browser, `${COURIERS_PATH}?name=ninja`);
    const sent = page.waitForRequest((request) => request.url().endsWith('/cms/courier/export'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await sent).postDataJSON()).toEqual({ name: 'ninja', sort: '-id' });
    const file = await download;
    expect(file.suggestedFilename()).toBe('couriers.xlsx');
    const bytes = await readFile((await file.path()));
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('imports xlsx only, and shows which rows were refused', async () => {
    page = await signedIn(browser, COURIERS_PATH);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const chooser = dialog().locator('input[type=file]');

    const text = join(files, 'couriers.csv');
    await import('node:fs/promises').then((fs) => fs.writeFile(text, 'name,channel\nJNE,SHOPEE_ID\n'));
    await chooser.setInputFiles(text);
    await dialog().getByText('Only xls or xlsx files can be imported.').waitFor();

    const sheet = join(files, 'couriers.xlsx');
    writeXlsx(sheet, [
      ['name', 'channel', 'shippingMethod'],
      [`${RUN} November`, 'SHOPEE_ID', 'PICK_UP'],
      ['Oscar 7', 'SHOPEE_ID', 'PICK_UP'],
    ]);
    await chooser.setInputFiles(sheet);
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-row-errors');
    await report.waitFor();
    const cells = await report.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells.slice(0, 2)).toEqual(['3', 'name']);
    expect(cells[2]).toContain('letters, spaces and & only');
    await page.getByTestId('import-error').getByText('Transaction ID', { exact: false }).waitFor();

    // Nothing was imported: the file is all or nothing.
    const token = await tokenFor();
    const found = await api<{ total: number }>('POST', 'courier/search', { name: `${RUN} November` }, token);
    expect(found.data.total).toBe(0);
    expect(at('/')).toBeTruthy();
  });
});
