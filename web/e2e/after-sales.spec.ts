import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { choose, confirmDialog, rowAction, signedIn } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('after-sales', () => page);

interface Shipped { order_no: string; sku: string; warehouse_id: number; warehouse: string }

/** A shipped demo order of no return yet, one of its SKUs and its warehouse. */
async function shippedOrder(): Promise<Shipped> {
  const [found] = await sql<Shipped>(
    'SELECT o.channel_order_no AS order_no, l.sku, o.warehouse_id, w.name AS warehouse FROM orders o ' +
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
  it('returns a shipped order, receives, inspects and restocks it; the stock rises and the day summary counts it', { timeout: 240_000 }, async () => {
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
  });
});
