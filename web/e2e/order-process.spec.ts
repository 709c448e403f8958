import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { LEFT_TO_STAFF } from './demoOrders';
import { api } from './console';
import { choose, confirmDialog, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('order-process', () => page);

const RUN = Date.now().toString(36).toUpperCase();

interface Accepted { id: number; channel_order_no: string; warehouse_id: number; sku: string; quantity: number }
interface Stocked { warehouse_id: number; warehouse: string; merchant_id: number; sku: string }
interface WmsRow { id: number; orderNo: string; wmsStatus: string; workingStatus: string; printStatus: string; printCount: number }
interface Courier { id: number; name: string }

/** A pending order (left to staff) of a store with a warehouse, accepted now through the API with its one line
 *  reserved there. */
async function accepted(token: string): Promise<Accepted> {
  const pending = await sql<{ id: number }>(
    `SELECT o.id FROM orders o WHERE ${LEFT_TO_STAFF}
        AND o.shop_id IN (SELECT shop_id FROM stock_sync_bindings)
        AND (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id AND l.ordered_at = o.ordered_at) = 1
      ORDER BY o.id DESC LIMIT 30`);
  for (const { id } of pending) {
    const reply = await api<{ status: string }>('POST', 'order/accept', { id }, token);
    if (reply.status !== 200 || reply.data.status !== 'READY') continue; // short of stock, or intercepted
    const [order] = await sql<Accepted>(
      `SELECT o.id, o.channel_order_no, s.warehouse_id, s.sku, s.quantity FROM orders o
         JOIN order_line_stock s ON s.order_id = o.id AND s.state = 'RESERVED' WHERE o.id = %s`, [id]);
    if (order) return order;
  }
  throw new Error('no pending order of a store with a warehouse could be accepted with its stock reserved');
}

/** A SKU with stock to spare at an enabled warehouse. */
async function stocked(): Promise<Stocked> {
  const [found] = await sql<Stocked>(
    `SELECT b.warehouse_id, w.name AS warehouse, w.merchant_id, b.sku FROM stock_balances b
       JOIN warehouses w ON w.id = b.warehouse_id WHERE w.enabled AND b.available >= 12
      ORDER BY b.available DESC, b.sku LIMIT 1`);
  if (!found) throw new Error('no warehouse with stock to spare');
  return found;
}

/** A new outbound order of the warehouse, through the API. */
async function outbound(token: string, at: Stocked, quantity: number): Promise<WmsRow> {
  const made = await api<WmsRow>('POST', 'stock-order/add', {
    merchantId: at.merchant_id, warehouseId: at.warehouse_id, orderType: 'SALES_OUTBOUND',
    lines: [{ sku: at.sku, quantity }],
  }, token);
  expect(made.status, made.message).toBe(200);
  return made.data;
}

async function wmsOrder(token: string, filters: Record<string, string>): Promise<WmsRow> {
  const found = await api<{ items: WmsRow[] }>('POST', 'wms-order/search', filters, token);
  expect(found.data.items).toHaveLength(1);
  return found.data.items[0]!;
}

const onHand = async (warehouseId: number, sku: string) => Number((await sql<{ on_hand: number }>(
  'SELECT on_hand FROM stock_balances WHERE warehouse_id = %s AND sku = %s', [warehouseId, sku]))[0]?.on_hand);

const table = () => page.getByTestId('wms-orders-table');
const row = (orderNo: string) => table().locator('tbody tr.ant-table-row', { hasText: orderNo });

/** A batch step of the order process on one order: selected, run, and the row shows where it went. */
async function batch(orderNo: string, label: string, shows: string, confirm?: string): Promise<void> {
  await row(orderNo).getByRole('checkbox').check();
  await page.getByTestId('batch-footer').getByRole('button', { name: label, exact: true }).click();
  if (confirm) await confirmDialog(page, confirm).getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => row(orderNo).innerText()).toContain(shows);
}

async function pack(orderNo: string, carrier: Courier, trackingNo: string): Promise<Locator> {
  await row(orderNo).getByRole('checkbox').check();
  await page.getByTestId('batch-footer').getByRole('button', { name: 'Pack', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('pack-form') });
  await choose(page, dialog.getByRole('combobox', { name: 'Carrier' }), carrier.name);
  await dialog.getByRole('textbox', { name: `Tracking number ${orderNo}` }).fill(trackingNo);
  await dialog.getByRole('button', { name: 'Pack', exact: true }).click();
  return dialog;
}

describe('order process (SPEC §2 /order-process, /hot-print-data; §4 WMS order states, print status)', () => {
  it('takes an accepted order through allocate, wave, pick, pack and hand-over: the order ships and its stock leaves', { timeout: 240_000 }, async () => {
    const token = await tokenFor();
    const order = await accepted(token);
    const before = await onHand(order.warehouse_id, order.sku);
    const [carrier] = await sql<Courier>( // a carrier no other one's name contains, so the picker finds it alone
      `SELECT c.id, c.name FROM couriers c
        WHERE NOT EXISTS (SELECT 1 FROM couriers d WHERE d.id <> c.id AND strpos(d.name, c.name) > 0)
        ORDER BY c.id LIMIT 1`);
    if (!carrier) throw new Error('no courier');
    // another parcel of the same carrier already holds a tracking number (packed through the API)
    const other = await outbound(token, await stocked(), 1);
    for (const path of ['wave', 'picked']) expect((await api('POST', `wms-order/${path}`, { ids: [other.id] }, token)).status).toBe(200);
    const taken = `E2E-${RUN}-T`;
    const packed = await api('POST', 'wms-order/pack', { courierId: carrier.id, parcels: [{ id: other.id, trackingNo: taken }] }, token);
    expect(packed.status, packed.message).toBe(200);

    // the accepted order goes to its warehouse's order process from its detail
    page = await signedIn(browser, `/orderId/${order.id}`);
    await page.getByTestId('order-to-warehouse').click();
    await confirmDialog(page, "Hand this order to its warehouse's order process?").getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('order-stock').getByText('Released').first().waitFor();
    const wms = await wmsOrder(token, { channelOrderNo: order.channel_order_no });
    expect(wms.wmsStatus).toBe('PENDING');

    await page.goto(page.url().replace(/\/orderId\/\d+.*$/, `/order-process?channelOrderNo=${encodeURIComponent(order.channel_order_no)}`));
    await row(wms.orderNo).waitFor();
    await batch(wms.orderNo, 'Allocate', 'Allocated');
    await batch(wms.orderNo, 'Create wave', 'Picking');
    await batch(wms.orderNo, 'Mark picked', 'Sorting and reviewing');

    const dialog = await pack(wms.orderNo, carrier, taken);
    await expect.poll(() => dialog.innerText()).toContain(`order ${other.orderNo} of this carrier already has the tracking number ${taken}`);
    await dialog.getByRole('textbox', { name: `Tracking number ${wms.orderNo}` }).fill(`E2E-${RUN}-1`);
    await dialog.getByRole('button', { name: 'Pack', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row(wms.orderNo).innerText()).toContain('Packed');
    expect(await row(wms.orderNo).innerText()).toContain(`E2E-${RUN}-1`);

    await batch(wms.orderNo, 'Hand to carrier', 'Outbound done', 'Hand the selected orders to the carrier?');
    const channel = await api<{ status: string }>('GET', `order/${order.id}/details`, undefined, token);
    expect(channel.data.status).toBe('SHIPPING');
    expect(await onHand(order.warehouse_id, order.sku)).toBe(before - order.quantity);
    expect((await wmsOrder(token, { orderNo: wms.orderNo })).wmsStatus).toBe('COMPLETED');
  });

  it('prints the sheet of a hot group twice, confirms it and the orders show PRINTED, the reprint counted', { timeout: 180_000 }, async () => {
    const token = await tokenFor();
    const at = await stocked();
    const quantity = 5; // a SKU x quantity of this test's own orders
    const made = [await outbound(token, at, quantity), await outbound(token, at, quantity)];

    page = await signedIn(browser, '/hot-print-data');
    await choose(page, page.getByTestId('hot-print-filters').getByRole('combobox', { name: 'Warehouse' }), at.warehouse);
    const count = page.getByTestId(`hot-count-${at.sku}-${quantity}`);
    await expect.poll(async () => Number(await count.innerText())).toBeGreaterThanOrEqual(2);
    await page.getByTestId('hot-groups').locator('tbody tr', { has: count }).getByRole('checkbox').check();
    for (let time = 0; time < 2; time += 1) {
      const opened = page.context().waitForEvent('page');
      await page.getByTestId('hot-print').click();
      const sheet = await opened;
      await sheet.locator(`[data-order-no="${made[0]!.orderNo}"]`).waitFor();
      await sheet.close();
    }
    await page.getByTestId('hot-print-confirm').click();
    await page.getByText('Marked printed').first().waitFor();
    await expect.poll(() => count.count()).toBe(0); // printed: no longer waiting in a group

    for (const order of made) {
      const shown = await wmsOrder(token, { orderNo: order.orderNo });
      expect([shown.printStatus, shown.printCount]).toEqual(['PRINTED', 2]);
    }
    await page.goto(page.url().replace(/\/hot-print-data.*$/, `/order-process?orderNo=${encodeURIComponent(made[0]!.orderNo)}`));
    await expect.poll(() => row(made[0]!.orderNo).innerText()).toContain('Printed');
  });
});
