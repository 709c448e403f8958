import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { choose, confirmDialog, rowAction, signedIn } from './session';

const browser = specBrowser();
let page: Page;
const marketplace = inject('marketplaceUrl');

screenshotOnFailure('goods', () => page);

const GOODS = '/operation/ginee-oms/manage-goods/goods-list';
const LOCAL = '/operation/ginee-oms/manage-goods/goods-local';

interface SyncShop { id: number; name: string; external_shop_id: string }
interface Added { products: { itemId: string; name: string }[] }

/** The demo marketplace's control endpoint (launcher/marketplace_products.py): a new listing of a shop. */
async function addListing(shop: string): Promise<Added> {
  const reply = await fetch(`${marketplace}/control/products`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shop, add: 1 }),
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as Added;
}

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

  it('syncs a store\'s products from its channel and lists them', async () => {
    expect(marketplace, 'the demo marketplace of the console under test').not.toBe('');
    const [shop] = await sql<SyncShop>(
      `SELECT id, name, external_shop_id FROM shops WHERE bound AND connection_status = 'CONNECTED'
        ORDER BY id LIMIT 1`);
    if (!shop) throw new Error('no connected demo shop');
    const { products: [added] } = await addListing(shop.external_shop_id);

    page = await signedIn(browser, GOODS);
    await page.getByTestId('goods-sync').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Sync products' });
    await choose(page, dialog.getByRole('combobox', { name: 'Store' }), shop.name);
    await dialog.getByRole('button', { name: 'Sync', exact: true }).click();
    await page.getByText('Sync started: processing, please wait').first().waitFor();
    const result = page.getByTestId('goods-sync-result');
    await result.getByText(`${shop.name}: products synced`).waitFor({ timeout: 90_000 });
    await expect.poll(async () => (await result.textContent()) ?? '').toMatch(/\d+ fetched: [1-9]\d* new|\d+ changed/);

    await page.getByLabel('Name, item id or SKU').fill(added!.itemId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(added!.itemId) });
    await row.waitFor();
    await row.getByText(added!.name).first().waitFor();
    const [stored] = await sql<{ shop_id: number }>('SELECT shop_id FROM channel_products WHERE channel_item_id = %s', [added!.itemId]);
    expect(stored?.shop_id).toBe(shop.id);
  }, 180_000);
});
