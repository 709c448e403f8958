import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { api } from './console';
import { choose, confirmDialog, rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('after-sales', () => page);

interface Shipped { order_no: string; sku: string; warehouse_id: number; warehouse: string; currency: string }

/** A shipped demo order of no return yet, one of its SKUs, its warehouse and its currency. */
async function shippedOrder(): Promise<Shipped> {
  const [found] = await sql<Shipped>(
    'SELECT o.channel_order_no AS order_no, l.sku, o.warehouse_id, w.name AS warehouse, o.currency FROM orders o ' +
      'JOIN order_lines l ON l.order_id = o.id AND l.ordered_at = o.ordered_at JOIN warehouses w ON w.id = o.warehouse_id ' +
      "WHERE o.status IN ('SHIPPING', 'COMPLETED') AND NOT EXISTS (SELECT 1 FROM return_orders r WHERE r.order_id = o.id) " +
      'ORDER BY o.id DESC LIMIT 1');
  return found!;
}

async function onHand(order: Shipped): Promise<number> {
  const [row] = await sql<{ on_hand: number }>('SELECT on_hand FROM stock_balances WHERE warehouse_id = %s AND sku = %s',
    [order.warehouse_id, order.sku]);
  return Number(row?.on_hand ?? 0);
}

describe('after-sales (WMS center)', () => {
  it('returns a shipped order, receives, inspects and restocks it; the stock rises and the day summary counts it in the order\'s currency', { timeout: 240_000 }, async () => {
    const order = await shippedOrder();
    const before = await onHand(order);
    page = await signedIn(browser, '/after-service-time');
    await page.getByRole('button', { name: 'New return' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByRole('combobox', { name: 'Order number' }), order.order_no);
    await dialog.getByRole('spinbutton', { name: `Quantity ${order.sku}` }).fill('1');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });

    const table = page.getByTestId('after-service-time-table');
    const row = table.locator('tbody tr.ant-table-row', { hasText: order.order_no });
    await expect.poll(() => row.innerText()).toContain('Requested');
    await rowAction(page, row, 'Receive');
    await expect.poll(() => row.innerText()).toContain('Received');
    await rowAction(page, row, 'Inspect');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row.innerText()).toContain('Inspected');
    await rowAction(page, row, 'Restock');
    await confirmDialog(page, 'Put the good units back on hand').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row.innerText()).toContain('Restocked');
    await expect.poll(() => onHand(order)).toBe(before + 1);

    await page.goto(page.url().replace('/after-service-time', '/after-service-day').split('?')[0]!);
    await expect.poll(() => page.locator('.ant-table').innerText()).toContain(order.warehouse);
    // each refund amount and the totals' refunds name their currency
    const day = page.locator('.ant-table tbody tr.ant-table-row', { hasText: order.warehouse }).first();
    expect(await day.innerText()).toContain(order.currency);
    expect(await page.locator('.ant-table-summary').innerText()).toContain(order.currency);
  });

  it('records a material used on an outbound order with pickers: the material\'s stock falls and the charge is listed', { timeout: 180_000 }, async () => {
    const token = await tokenFor();
    const run = Date.now().toString(36).toUpperCase();
    const [at] = await sql<{ warehouse_id: number; warehouse: string; merchant_id: number; sku: string }>(
      'SELECT b.warehouse_id, w.name AS warehouse, w.merchant_id, b.sku FROM stock_balances b ' +
        'JOIN warehouses w ON w.id = b.warehouse_id WHERE w.enabled AND b.available >= 2 ORDER BY b.available DESC LIMIT 1');
    if (!at) throw new Error('no warehouse with stock');
    const code = `E2E-M-${run}`;
    const material = await api('POST', 'after-sales/material/add', {
      warehouseId: at.warehouse_id, code, name: `Bubble wrap ${run}`, unit: 'ROLL', unitCost: '2.00', stock: 10, lowStockThreshold: 2,
    }, token);
    expect(material.status, material.message).toBe(200);
    const order = await api<{ orderNo: string }>('POST', 'stock-order/add', {
      merchantId: at.merchant_id, warehouseId: at.warehouse_id, orderType: 'SALES_OUTBOUND', lines: [{ sku: at.sku, quantity: 1 }],
    }, token);
    expect(order.status, order.message).toBe(200);

    page = await signedIn(browser, '/after-service-material');
    await page.getByRole('tab', { name: 'Material usage' }).click();
    const usages = page.getByTestId('after-sales-usage-page');
    await usages.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByRole('combobox', { name: 'Warehouse' }), at.warehouse);
    await choose(page, dialog.getByRole('combobox', { name: 'Material' }), code);
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // no return and no outbound order picked: refused on the field
    await expect.poll(() => dialog.innerText()).toContain('name either a return or an outbound order');
    await choose(page, dialog.getByRole('combobox', { name: 'Outbound order' }), order.data.orderNo);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const charged = page.getByTestId('after-sales-usage-table').locator('tbody tr.ant-table-row', { hasText: order.data.orderNo });
    await expect.poll(() => charged.innerText()).toContain(code);
    expect(await charged.innerText()).toMatch(/\b6(\.00)?\b/); // 3 rolls at 2.00
    await page.getByRole('tab', { name: 'Packing material' }).click();
    const materials = page.getByTestId('after-service-material-page');
    await materials.getByRole('button', { name: 'Search', exact: true }).click();
    const stock = page.getByTestId('after-service-material-table').locator('tbody tr.ant-table-row', { hasText: code });
    await expect.poll(() => stock.innerText()).toMatch(/\b7\b/);
  });
});
