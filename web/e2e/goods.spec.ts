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

/** The demo marketplace's control endpoint (launcher/marketplace_products.py): new, changed or removed listings of
 *  a shop (a new one by default). */
async function addListing(shop: string, body: Record<string, unknown> = { add: 1 }): Promise<Added> {
  const reply = await fetch(`${marketplace}/control/products`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shop, ...body }),
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as Added;
}

/** "Sync products" of a store from the goods list, waited for until its run ends in `outcome`. */
async function syncProducts(shop: SyncShop, outcome: string): Promise<void> {
  await page.getByTestId('goods-sync').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Sync products' });
  await choose(page, dialog.getByRole('combobox', { name: 'Store' }), shop.name);
  await dialog.getByRole('button', { name: 'Sync', exact: true }).click();
  await page.getByText('Sync started: processing, please wait').first().waitFor();
  await page.getByTestId('goods-sync-result').getByText(`${shop.name}: ${outcome}`).waitFor({ timeout: 90_000 });
}

async function connectedShop(order: 'ASC' | 'DESC'): Promise<SyncShop> {
  const [shop] = await sql<SyncShop>(
    `SELECT id, name, external_shop_id FROM shops WHERE bound AND connection_status = 'CONNECTED'
      ORDER BY id ${order} LIMIT 1`);
  if (!shop) throw new Error('no connected demo shop');
  return shop;
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
    const shop = await connectedShop('ASC');
    const { products: [added] } = await addListing(shop.external_shop_id);

    page = await signedIn(browser, GOODS);
    await syncProducts(shop, 'products synced');
    const result = page.getByTestId('goods-sync-result');
    await expect.poll(async () => (await result.textContent()) ?? '').toMatch(/\d+ fetched: [1-9]\d* new|\d+ changed/);

    await page.getByLabel('Name, item id or SKU').fill(added!.itemId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(added!.itemId) });
    await row.waitFor();
    await row.getByText(added!.name).first().waitFor();
    const [stored] = await sql<{ shop_id: number }>('SELECT shop_id FROM channel_products WHERE channel_item_id = %s', [added!.itemId]);
    expect(stored?.shop_id).toBe(shop.id);
  }, 180_000);

  it('lists a store\'s product sync runs: a run that could not store a listing names it, with its flow', async () => {
    expect(marketplace, 'the demo marketplace of the console under test').not.toBe('');
    const shop = await connectedShop('DESC');
    const { products: [added] } = await addListing(shop.external_shop_id);
    await addListing(shop.external_shop_id, { change: { [added!.itemId]: { name: 'x'.repeat(301) } } }); // refused

    page = await signedIn(browser, GOODS);
    await syncProducts(shop, 'some products failed, retry later');
    await page.getByTestId('goods-sync-runs').click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Sync runs' });
    const partial = drawer.getByRole('row', { name: new RegExp(shop.name) }).filter({ hasText: 'Some products failed, retry later' }).first();
    await partial.waitFor({ timeout: 30_000 });
    await rowAction(page, partial, 'Failed listings');
    const failures = page.getByRole('dialog').filter({ hasText: 'Failed listings of run' });
    await failures.getByText(added!.itemId).first().waitFor();
    await failures.getByTestId('stock-sync-flow-link').waitFor(); // the admin operates the flows
    const [run] = await sql<{ status: string; failed_count: number }>(
      `SELECT r.status, r.failed_count FROM product_sync_runs r JOIN product_sync_failures f ON f.run_id = r.id
        WHERE f.channel_item_id = %s ORDER BY r.id DESC LIMIT 1`, [added!.itemId]);
    expect(run).toEqual({ status: 'PARTIAL', failed_count: 1 });
  }, 180_000);
});
