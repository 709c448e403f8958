import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { api } from './console';
import { confirmDialog, rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('orders', () => page);

interface Reserved { id: number; channel_order_no: string; warehouse_id: number; sku: string; quantity: number }

const RESERVED = `SELECT o.id, o.channel_order_no, s.warehouse_id, s.sku, s.quantity
  FROM orders o JOIN order_line_stock s ON s.order_id = o.id AND s.line_no = 1
 WHERE o.status = 'READY'
   AND NOT EXISTS (SELECT 1 FROM order_line_stock x WHERE x.order_id = o.id AND x.state <> 'RESERVED')`;

/** An order accepted at its shop's warehouse with every line reserved there: one of the demo's pending orders accepted
 *  now (the demo hands its accepted ones to the warehouse's order process). */
async function accepted(): Promise<Reserved> {
  const token = await tokenFor();
  const pending = await sql<{ id: number }>(
    // a store's pending order whose every line its fulfilling warehouse has in stock (other tests take stock too)
    `SELECT o.id FROM orders o JOIN stock_sync_bindings b ON b.shop_id = o.shop_id AND b.fulfils
      WHERE o.status = 'PENDING' AND NOT EXISTS (
        SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.ordered_at = o.ordered_at AND NOT EXISTS (
          SELECT 1 FROM stock_balances sb WHERE sb.warehouse_id = b.warehouse_id AND sb.sku = l.sku
             AND sb.available >= l.quantity))
      ORDER BY o.id DESC LIMIT 30`);
  for (const { id } of pending) {
    const reply = await api<{ status: string }>('POST', 'order/accept', { id }, token);
    if (reply.status !== 200 || reply.data.status !== 'READY') continue; // short of stock, or intercepted
    const [order] = await sql<Reserved>(`${RESERVED} AND o.id = %s`, [id]);
    if (order) return order;
  }
  throw new Error('no demo order could be accepted with its stock reserved');
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
