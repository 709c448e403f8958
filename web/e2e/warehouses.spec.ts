import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { choose, pick, signedIn, tokenFor } from './session';
import { readXlsx, writeXlsx } from './spreadsheet';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const browser = specBrowser();
let page: Page;

/** Codes of this run: letters only, so reruns on the same database never meet their own rows. */
const RUN = String.fromCharCode(...[...Date.now().toString(36)].map((c) => 65 + (parseInt(c, 36) % 26)));
const dialog = () => page.getByRole('dialog');

screenshotOnFailure('warehouses', () => page);

async function aMerchant(): Promise<{ id: number; email: string }> {
  const found = await api<{ items: { id: number; email: string }[] }>('POST', 'merchant/search', { pageSize: 1, sort: 'id' }, await tokenFor());
  expect(found.code, found.message).toBe('SUCCESS');
  return found.data.items[0]!;
}

describe('a warehouse with a shelf and a product (SPEC §2 warehouse list, location management, product library)', () => {
  it('adds a warehouse, a shelf in it and a product of its merchant, each listed after saving', { timeout: 240_000 }, async () => {
    const merchant = await aMerchant();
    const name = `Gudang ${RUN}`;

    page = await signedIn(browser, '/warehouse-setting/warehouse-list');
    await page.getByRole('button', { name: 'Add' }).click();
    await dialog().getByLabel('Warehouse name').fill(name);
    await dialog().getByLabel('Warehouse code').fill(`WH ${RUN}`);
    await dialog().getByText("Warehouse code: letters, digits, '.', '_' and '-' only, starting with a letter or digit").waitFor();
    await dialog().getByLabel('Warehouse code').fill(`WH-${RUN}`);
    await choose(page, dialog().getByRole('combobox', { name: 'Merchant' }), merchant.email);
    await pick(page, dialog().getByRole('combobox', { name: 'Provider' }), 'JNE Fulfillment');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('warehouses-table').getByRole('cell', { name }).waitFor();

    await page.goto(page.url().replace(/\/warehouse-setting\/warehouse-list.*$/, '/warehouse-setting/location-management'));
    await page.getByRole('tab', { name: 'Shelves' }).click();
    const shelves = page.getByRole('tabpanel', { name: 'Shelves' });
    await shelves.getByRole('button', { name: 'Add' }).click();
    await pick(page, dialog().getByRole('combobox', { name: 'Warehouse' }), `${name} · WH-${RUN} · ${merchant.email}`);
    await dialog().getByLabel('Shelf code').fill(`A-${RUN}`);
    await dialog().getByLabel('Shelf name').fill(`Rack ${RUN}`);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').first().waitFor();
    await dialog().waitFor({ state: 'detached' });
    const shelf = page.getByTestId('warehouse-shelves-table').getByRole('row', { name: new RegExp(`A-${RUN}`) });
    await shelf.getByRole('cell', { name }).waitFor();

    await page.goto(page.url().replace(/\/warehouse-setting\/location-management.*$/, '/product-library'));
    await page.getByRole('button', { name: 'Add' }).click();
    await dialog().getByLabel('SKU').fill(`KOPI-${RUN}`);
    await dialog().getByLabel('Product name').fill('Kopi Toraja 250 g');
    await choose(page, dialog().getByRole('combobox', { name: 'Merchant' }), merchant.email);
    await pick(page, dialog().getByRole('combobox', { name: 'Category' }), 'Food and beverage');
    await dialog().getByLabel('Weight (g)').fill('0');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Weight (g): ', { exact: false }).first().waitFor();
    await dialog().getByLabel('Weight (g)').fill('250');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').first().waitFor();
    await dialog().waitFor({ state: 'detached' });
    const product = page.getByTestId('wms-products-table').getByRole('row', { name: new RegExp(`KOPI-${RUN}`) });
    await product.getByRole('cell', { name: 'Food and beverage' }).waitFor();
    await product.getByRole('cell', { name: merchant.email }).waitFor();
  });
});

describe('warehouses imported from a spreadsheet (the resource kit import)', () => {
  it('downloads the template, shows a refused file by row and column, then imports the corrected file', { timeout: 240_000 }, async () => {
    const merchant = await aMerchant();
    const files = await mkdtemp(join(tmpdir(), 'warehouse-import-'));
    try {
      page = await signedIn(browser, '/warehouse-setting/warehouse-list');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const download = page.waitForEvent('download');
      await dialog().getByTestId('import-template').click();
      const template = readXlsx((await (await download).path()));
      expect(template[0]!.slice(0, 3)).toEqual(['Merchant email *', 'Warehouse name *', 'Warehouse code *']);

      const sheet = join(files, 'warehouses.xlsx');
      const rows = (code: string) => [['Merchant email *', 'Warehouse name *', 'Warehouse code *'],
        [merchant.email, `Imported ${RUN}`, `IMP-${RUN}`], [merchant.email, `Imported ${RUN} 2`, code]];
      writeXlsx(sheet, rows('bad code!'));
      await dialog().locator('input[type=file]').setInputFiles(sheet);
      await dialog().getByRole('button', { name: 'Import', exact: true }).click();
      const report = page.getByTestId('import-row-errors');
      await report.waitFor();
      const cells = await report.locator('tbody tr').first().locator('td').allInnerTexts();
      expect(cells.slice(0, 2)).toEqual(['3', 'Warehouse code *']);
      const none = await api<{ total: number }>('POST', 'warehouse/search', { code: `IMP-${RUN}` }, await tokenFor());
      expect(none.data.total).toBe(0);

      writeXlsx(sheet, rows(`IMP-${RUN}-2`));
      await dialog().locator('input[type=file]').setInputFiles(sheet);
      await dialog().getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByText('2 rows imported.').waitFor();
      const found = await api<{ total: number }>('POST', 'warehouse/search', { code: `IMP-${RUN}` }, await tokenFor());
      expect(found.data.total).toBe(2);
    } finally {
      await rm(files, { recursive: true, force: true });
    }
  });
});
