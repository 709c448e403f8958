import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { choose, confirmDialog, rowAction, signedIn } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('goods', () => page);

const GOODS = '/operation/ginee-oms/manage-goods/goods-list';
const LOCAL = '/operation/ginee-oms/manage-goods/goods-local';

interface Listing { id: number; channel_item_id: string; merchant_id: number; sku: string; master_id: number }

describe('goods (SPEC §2 manage goods)', () => {
  it('finds a channel product, maps its variation to a master product, and locks that master product\'s stock', async () => {
    const [listing] = await sql<Listing>(
      `SELECT p.id, p.channel_item_id, p.merchant_id, w.sku, w.id AS master_id
         FROM channel_products p
         JOIN LATERAL (SELECT m.id, m.sku FROM wms_products m WHERE m.merchant_id = p.merchant_id
                        AND NOT EXISTS (SELECT 1 FROM stock_locks l WHERE l.merchant_id = m.merchant_id AND l.sku = m.sku)
                        ORDER BY m.id LIMIT 1) w ON true
        WHERE p.mapping_status = 'UNMAPPED' AND p.listing_state = 'LIVE'
        ORDER BY p.id DESC LIMIT 1`);
    expect(listing, 'a demo listing not mapped yet, its merchant with an unlocked master product').toBeDefined();

    page = await signedIn(browser, GOODS);
    await page.getByTestId('goods-listing-tabs').getByTestId('goods-tab-all').waitFor();
    await page.getByLabel('Name, item id or SKU').fill(listing!.channel_item_id);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === listing!.channel_item_id);
    const row = page.getByRole('row', { name: new RegExp(listing!.channel_item_id) });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and the one listing

    await rowAction(page, row, 'Map SKU');
    const dialog = page.getByRole('dialog');
    const first = dialog.getByTestId('goods-map').locator('.ant-table-row').first();
    await choose(page, first.getByRole('combobox', { name: 'Master product' }), listing!.sku);
    await first.getByRole('button', { name: 'Map', exact: true }).click();
    await first.locator('.ant-tag').filter({ hasText: listing!.sku }).waitFor();
    const [mapped] = await sql<{ mapping_status: string }>('SELECT mapping_status FROM channel_products WHERE id = %s', [listing!.id]);
    expect(mapped!.mapping_status).toBe('PARTLY');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    page = await signedIn(browser, `${LOCAL}?sku=${encodeURIComponent(listing!.sku)}&merchantId=${listing!.merchant_id}`);
    const master = page.getByRole('row', { name: new RegExp(listing!.sku) }).first();
    await master.waitFor();
    await rowAction(page, master, 'Lock main-store stock');
    await confirmDialog(page, "Lock this SKU's stock?").getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await sql('SELECT 1 FROM stock_locks WHERE merchant_id = %s AND sku = %s',
      [listing!.merchant_id, listing!.sku])).length, { timeout: 20_000 }).toBe(1);
    await master.getByTestId('row-actions').getByRole('button', { name: 'Unlock stock', exact: true }).or(
      master.getByTestId('row-actions').getByRole('button', { name: 'More' })).first().waitFor();
  }, 180_000);
});
