import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { pick, signedIn, tokenFor } from './session';

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
    await dialog().getByLabel('Merchant id').fill(String(merchant.id));
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
    await dialog().getByLabel('Merchant id').fill(String(merchant.id));
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
