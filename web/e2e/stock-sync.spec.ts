import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { sql } from './database';
import { choose, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('stock-sync', () => page);

interface Stocked { shop_id: number; merchant_id: number; merchant_email: string; shop_name: string; channel: string; warehouse_id: number; sku: string }

/** A demo store whose merchant has a warehouse holding stock (demo data), bound to it through the API. */
async function stockedStore(): Promise<Stocked> {
  const [found] = await sql<Stocked>(
    `SELECT s.id AS shop_id, s.merchant_id, s.merchant_email, s.name AS shop_name, s.channel, b.warehouse_id, b.sku
       FROM shops s JOIN warehouses w ON w.merchant_id = s.merchant_id JOIN stock_balances b ON b.warehouse_id = w.id
      WHERE s.bound AND s.connection_status = 'CONNECTED' ORDER BY s.id, b.sku LIMIT 1`);
  if (!found) throw new Error('no demo store with a stocked warehouse');
  const bound = await api('POST', 'stock-sync/binding/add', { shopId: found.shop_id, warehouseId: found.warehouse_id },
    await tokenFor());
  expect([200, 409]).toContain(bound.status);
  return found;
}

describe('stock sync (SPEC §2 /operation/ginee-oms/stock/search-warehouse-stock, SPEC §5 sync stock)', () => {
  it('searches a merchant\'s warehouse stock, syncs it to a store and finds the pushes of the sync', async () => {
    const store = await stockedStore();
    page = await signedIn(browser, '/operation/ginee-oms/stock/search-warehouse-stock');
    await choose(page, page.getByRole('combobox', { name: 'Merchant' }).first(), store.merchant_email);
    await choose(page, page.getByRole('combobox', { name: 'SKU' }).first(), store.sku);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('row', { name: new RegExp(store.sku) }).first().waitFor();

    await page.getByRole('button', { name: 'Sync stock' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByRole('combobox', { name: 'Merchant' }), store.merchant_email);
    await dialog.getByRole('combobox', { name: 'Store' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: store.shop_name }).first().click();
    await dialog.getByRole('button', { name: 'Sync' }).click();
    await dialog.getByTestId('stock-sync-started').waitFor();
    const link = dialog.getByTestId('stock-sync-flow-link');
    expect(await link.getAttribute('href')).toMatch(/\/temporal\/namespaces\/[^/]+\/workflows\/stock-sync-\d+$/);
    const eventId = Number((await link.getAttribute('href'))!.split('-').pop());

    // the flow ends and its pushes are in the history, one for the sku searched
    await expect.poll(async () => (await api<{ event: { result: string } }>('GET', `stock-sync/event/flow/${eventId}`, undefined,
      await tokenFor())).data.event.result,
      { timeout: 90_000, interval: 1_000 }).toBe('SUCCEEDED');
    page = await signedIn(browser, `/operation/ginee-oms/stock/stock-push-history?eventId=${eventId}&sku=${encodeURIComponent(store.sku)}`);
    await page.getByRole('row', { name: new RegExp(store.sku) }).first().waitFor();
  }, 240_000);
});
