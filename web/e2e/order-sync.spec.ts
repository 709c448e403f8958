import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { signedIn } from './session';

const browser = specBrowser();
let page: Page;
const marketplace = inject('marketplaceUrl');

screenshotOnFailure('order-sync', () => page);

interface SyncShop { id: number; name: string; external_shop_id: string }

/** The demo marketplace's control endpoint (launcher/marketplace.py): new orders, malformed ones, healing. */
async function control<T = unknown>(what: string, body: unknown): Promise<T> {
  const reply = await fetch(`${marketplace}/control/${what}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as T;
}

/** A row's action: one of its links, or an entry of its "more" menu. */
async function rowAction(page: Page, row: Locator, name: string): Promise<void> {
  const link = row.getByRole('button', { name, exact: true });
  if (await link.count()) {
    await link.first().click();
    return;
  }
  await row.getByRole('button', { name: /more/i }).first().click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

describe('order sync (SPEC §3 shop sync times, §8 some orders failed, retry later; retry succeeded)', () => {
  it('shows a sync whose orders failed, then Retry re-runs just those: retry succeeded', async () => {
    expect(marketplace, 'the demo marketplace of the console under test').not.toBe('');
    const [shop] = await sql<SyncShop>(
      `SELECT id, name, external_shop_id FROM shops WHERE bound AND connection_status = 'CONNECTED'
        ORDER BY id DESC LIMIT 1`);
    if (!shop) throw new Error('no connected demo shop');
    const made = await control<{ orders: { orderNo: string }[] }>('orders', { shop: shop.external_shop_id, count: 2 });
    await control('fail-orders', { shop: shop.external_shop_id, orders: made.orders.map((o) => o.orderNo) });

    page = await signedIn(browser, `/operation/ginee-oms/shop?name=${encodeURIComponent(shop.name)}`);
    const row = page.getByRole('row', { name: new RegExp(shop.name) }).first();
    await row.waitFor();
    await rowAction(page, row, 'Sync now');
    await page.getByText('Sync started: processing, please wait').first().waitFor();

    await rowAction(page, row, 'Sync runs');
    const drawer = page.getByRole('dialog').filter({ hasText: `Order sync runs of ${shop.name}` });
    const partial = drawer.getByRole('row', { name: /Some orders failed, retry later/ }).first();
    await partial.waitFor({ timeout: 90_000 });  // the list asks again every few seconds while runs go on

    await rowAction(page, partial, 'Failed orders');
    const failures = page.getByRole('dialog').filter({ hasText: 'Failed orders of run' });
    await failures.getByText(made.orders[0]!.orderNo).first().waitFor();
    await failures.getByRole('button', { name: 'Close' }).first().click();

    await control('heal', {});
    await rowAction(page, partial, 'Retry');
    await page.getByText('Retry succeeded').first().waitFor({ timeout: 60_000 });
    await drawer.getByRole('row', { name: /Retry/ }).filter({ hasText: 'Succeeded' }).first().waitFor();
    const [counted] = await sql<{ count: string }>(
      'SELECT count(*) FROM order_keys WHERE shop_id = %s AND channel_order_no = ANY(%s)',
      [shop.id, made.orders.map((o) => o.orderNo)]);
    expect(Number(counted?.count)).toBe(2);
  }, 240_000);
});
