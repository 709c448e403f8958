import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { LEFT_TO_STAFF } from './demoOrders';
import { api } from './console';
import { choose, confirmDialog, pick, rowAction, selectOptions, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('orders', () => page);

interface Reserved { id: number; channel_order_no: string; warehouse_id: number; sku: string; quantity: number }

const RESERVED = `SELECT o.id, o.channel_order_no, s.warehouse_id, s.sku, s.quantity
  FROM orders o JOIN order_line_stock s ON s.order_id = o.id AND s.line_no = 1
 WHERE o.status = 'READY'
   AND NOT EXISTS (SELECT 1 FROM order_line_stock x WHERE x.order_id = o.id AND x.state <> 'RESERVED')`;

interface Short { warehouse_id: number; merchant_id: number; sku: string; missing: number }

/** An order accepted at its shop's warehouse with every line reserved there: a demo store's pending order left to
 *  staff, its lines' missing units received first through a purchase inbound (earlier tests take that warehouse's
 *  stock too). */
async function accepted(): Promise<Reserved> {
  const token = await tokenFor();
  const pending = await sql<{ id: number }>(
    `SELECT o.id FROM orders o JOIN stock_sync_bindings b ON b.shop_id = o.shop_id AND b.fulfils
      WHERE ${LEFT_TO_STAFF} ORDER BY o.id DESC LIMIT 5`);
  const tried: string[] = [];
  for (const { id } of pending) {
    const short = await sql<Short>(
      `SELECT b.warehouse_id, b.merchant_id, l.sku, (sum(l.quantity) - coalesce(max(sb.available), 0))::int AS missing
         FROM orders o JOIN stock_sync_bindings b ON b.shop_id = o.shop_id AND b.fulfils
         JOIN order_lines l ON l.order_id = o.id AND l.ordered_at = o.ordered_at
         LEFT JOIN stock_balances sb ON sb.warehouse_id = b.warehouse_id AND sb.sku = l.sku
        WHERE o.id = %s GROUP BY b.warehouse_id, b.merchant_id, l.sku
       HAVING sum(l.quantity) > coalesce(max(sb.available), 0)`, [id]);
    if (short.length) await receive(token, short);
    const reply = await api<{ status: string }>('POST', 'order/accept', { id }, token);
    tried.push(`${id}: ${reply.status} ${reply.data?.status ?? reply.message}`);
    if (reply.status !== 200 || reply.data.status !== 'READY') continue; // intercepted by a demo rule
    const [order] = await sql<Reserved>(`${RESERVED} AND o.id = %s`, [id]);
    if (order) return order;
  }
  throw new Error(`no demo order could be accepted with its stock reserved (${pending.length} tried: ${tried.join('; ')})`);
}

/** The missing units received at their warehouse: a purchase inbound added and received whole. */
async function receive(token: string, short: Short[]): Promise<void> {
  const [{ warehouse_id: warehouseId, merchant_id: merchantId }] = short as [Short];
  const made = await api<{ id: number; revision: number }>('POST', 'stock-order/add', {
    merchantId, warehouseId, orderType: 'PURCHASE_INBOUND', lines: short.map(({ sku, missing }) => ({ sku, quantity: missing })),
  }, token);
  expect(made.status, made.message).toBe(200);
  const received = await api('POST', 'stock-order/receive', {
    id: made.data.id, revision: made.data.revision, quantities: short.map(({ missing }) => missing),
  }, token);
  expect(received.status, received.message).toBe(200);
}

/** The units of a SKU held for orders at a warehouse (the ledger's `locked`, which a reservation raises). */
const locked = async (warehouseId: number, sku: string) => Number((await sql<{ locked: number }>(
  'SELECT locked FROM stock_balances WHERE warehouse_id = %s AND sku = %s', [warehouseId, sku]))[0]?.locked);

describe('channel orders (SPEC §2 order list, /orderId/:id)', () => {
  it('finds an accepted order by number, opens it, cancels it, and its stock is released', { timeout: 180_000 }, async () => {
    const order = await accepted();
    const before = await locked(order.warehouse_id, order.sku);

    page = await signedIn(browser, '/operation/ginee-oms/order/order-list');
    await page.getByLabel('Order numbers').fill(order.channel_order_no);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(order.channel_order_no) });
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await rowAction(page, row, 'View');
    await page.waitForURL(`**/orderId/${order.id}`);
    const stock = page.getByTestId('order-stock');
    await stock.getByText('Reserved').first().waitFor();

    await page.getByTestId('order-cancel').click();
    await confirmDialog(page, 'Cancel this order?').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('order-status').innerText()).toBe('Cancelled');
    await stock.getByText('Released').first().waitFor();
    expect(await stock.getByText('Reserved').count()).toBe(0);
    expect(await locked(order.warehouse_id, order.sku)).toBe(before - order.quantity);
    // the timeline ends with the cancel and who did it
    await expect.poll(() => page.getByTestId('order-timeline').locator('.ant-timeline-item').last().innerText())
      .toMatch(/Cancel · admin$/);
  });
});

const COUNTRIES: Record<string, string> = { ID: 'Indonesia', PH: 'Philippines', CN: 'China', MY: 'Malaysia', TH: 'Thailand',
  VN: 'Vietnam', SG: 'Singapore', TW: 'Taiwan', US: 'America' };

describe('the order list\'s merchant lookup (SPEC §5: email, channel and country)', () => {
  it('offers only the merchants of the country picked beside it, and the list shows that merchant\'s orders', { timeout: 120_000 }, async () => {
    const [wanted] = await sql<{ country: string; email: string }>(
      `SELECT m.country, m.email FROM merchants m
        WHERE m.country <> 'ID' AND EXISTS (SELECT 1 FROM orders o WHERE o.merchant_id = m.id)
        ORDER BY m.id LIMIT 1`);
    if (!wanted) throw new Error('no demo merchant outside Indonesia with orders');
    page = await signedIn(browser, '/operation/ginee-oms/order/order-list');
    await pick(page, page.getByRole('combobox', { name: 'Merchant country' }), COUNTRIES[wanted.country]!);
    const merchant = page.getByRole('combobox', { name: 'Merchant', exact: true });
    await merchant.fill('@');
    await expect.poll(async () => {
      const shown = await selectOptions(page).allInnerTexts();
      return shown.length > 0 && shown.every((text) => text.endsWith(`· ${wanted.country}`));
    }).toBe(true);
    await choose(page, merchant, wanted.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.url()).toContain('merchantId=');
    const theirs = new Set((await sql<{ no: string }>(
      'SELECT o.channel_order_no AS no FROM orders o JOIN merchants m ON m.id = o.merchant_id WHERE m.email = %s',
      [wanted.email])).map(({ no }) => no));
    await expect.poll(async () => {
      const numbers = await page.locator('.ant-table-row td:first-child').allInnerTexts();
      return numbers.length > 0 && numbers.every((no) => theirs.has(no.trim()));
    }).toBe(true);
    // the country picked beside the merchant picker outlives the search that drew the form anew
    const country = page.getByRole('combobox', { name: 'Merchant country' })
      .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
    await expect.poll(() => country.innerText()).toContain(COUNTRIES[wanted.country]!);
  });
});
