import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { api, at } from './console';
import { choose, confirmDialog, rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('order-settings', () => page);

interface Candidate { id: number; channel_order_no: string; merchant_id: number; setting_id: number; split_rule: string; skus: number }

/** A paid pending order whose stock its merchant's settings reserved before acceptance (on arrival or payment), of
 *  a merchant that accepts by hand and has no interception rule: not one of the orders other tests take
 *  (demoOrders.ts takes those of merchants reserving only at acceptance). One of several SKUs first. */
const CANDIDATE = `SELECT o.id, o.channel_order_no, o.merchant_id, e.id AS setting_id, e.split_rule,
       (SELECT count(DISTINCT l.sku)::int FROM order_lines l WHERE l.order_id = o.id AND l.ordered_at = o.ordered_at) AS skus
  FROM orders o
   JOIN erp_order_settings e ON e.merchant_id = o.merchant_id AND NOT e.auto_accept AND e.reserve_on <> 'ACCEPTED'
  WHERE o.status = 'PENDING' AND o.paid_at IS NOT NULL AND o.created_at <= now() - make_interval(mins => e.hold_minutes)
    AND EXISTS (SELECT 1 FROM order_line_stock s WHERE s.order_id = o.id AND s.state = 'RESERVED')
    AND NOT EXISTS (SELECT 1 FROM order_line_stock s WHERE s.order_id = o.id AND s.state <> 'RESERVED')
    AND NOT EXISTS (SELECT 1 FROM interception_rules r WHERE r.merchant_id = o.merchant_id AND r.enabled)
  ORDER BY skus DESC, o.id DESC LIMIT 1`;

let restore: (() => Promise<unknown>) | undefined;
afterAll(async () => { await restore?.(); });

describe('order settings act by themselves (SPEC §2 erp-settings/order-setting)', () => {
  it('turns on accepting automatically and splitting by line, runs the task: the reserved pending order is accepted and goes to its warehouse a package a SKU', { timeout: 180_000 }, async () => {
    const [order] = await sql<Candidate>(CANDIDATE);
    if (!order) throw new Error('no demo order reserved before acceptance, of a merchant accepting by hand');
    const token = await tokenFor();
    restore = () => api('POST', 'erp-settings/order-setting/modify', { id: order.setting_id, autoAccept: false, splitRule: order.split_rule }, token);

    // pending, and its stock already reserved: the merchant reserves on arrival or payment
    page = await signedIn(browser, `/orderId/${order.id}`);
    await expect.poll(() => page.getByTestId('order-status').innerText()).toBe('Pending');
    await page.getByTestId('order-stock').getByText('Reserved').first().waitFor();

    await page.goto(at(`/operation/ginee-oms/erp-settings/order-setting?merchantId=${order.merchant_id}`));
    await page.getByText(/Every minute the console acts on these settings/).waitFor();
    const row = page.getByTestId('erp-order-page').locator('tbody tr.ant-table-row').first();
    await row.waitFor({ timeout: 30_000 });
    await rowAction(page, row, 'Edit');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('switch', { name: 'Accept orders automatically' }).click();
    await choose(page, dialog.getByRole('combobox', { name: 'Split orders' }), 'One package a line');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // the task runs every minute; staff need not wait for it
    await page.goto(at('/system/task/schedule'));
    const task = page.getByTestId('jobs-table').getByRole('row', { name: /Order auto-processing/ });
    await rowAction(page, task, 'Run now');
    await page.getByRole('dialog').getByRole('button', { name: 'Run' }).click();
    await page.getByText('The run has started').waitFor();

    await expect.poll(async () => (await sql<{ status: string }>('SELECT status FROM orders WHERE id = %s', [order.id]))[0]?.status,
      { timeout: 60_000, interval: 1_000 }).toBe('READY');
    await page.goto(at(`/orderId/${order.id}`));
    await expect.poll(() => page.getByTestId('order-status').innerText()).toBe('Ready to ship');
    await page.getByTestId('order-stock').getByText('Reserved').first().waitFor();
    expect(await page.getByTestId('order-timeline').locator('.ant-timeline-item').last().innerText())
      .toMatch(/Accept · system · Accepted automatically by the merchant's order settings$/);

    // handed to its warehouse: one outbound order a SKU, listed on the order
    await page.getByTestId('order-to-warehouse').click();
    await confirmDialog(page, "Hand this order to its warehouse's order process?").getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('order-parcels').innerText())
      .toMatch(new RegExp(`^${order.skus} packages?:`));
    const parcels = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_orders WHERE channel_order_no = %s AND status NOT IN ('INVALID', 'PART_INVALID')`, [order.channel_order_no]);
    expect(parcels[0]?.n).toBe(order.skus);
  });
});

describe('a buyer\'s orders merged into one package (SPEC §2 erp-settings/order-setting)', () => {
  it('shows on each order the package it shares and the order merged with it', { timeout: 120_000 }, async () => {
    const [pair] = await sql<{ id: number; other: string; order_no: string }>(
      `SELECT p.order_id AS id, o.channel_order_no AS other, s.order_no FROM order_parcels p
         JOIN order_parcels q ON q.stock_order_id = p.stock_order_id AND q.order_id <> p.order_id
         JOIN orders o ON o.id = q.order_id AND o.ordered_at = q.ordered_at
         JOIN stock_orders s ON s.id = p.stock_order_id
        ORDER BY p.order_id LIMIT 1`);
    if (!pair) throw new Error('no demo package carries two orders');
    page = await signedIn(browser, `/orderId/${pair.id}`);
    await expect.poll(() => page.getByTestId('order-parcels').innerText())
      .toMatch(new RegExp(`^1 package: ${pair.order_no} \\(.+\\) with order ${pair.other}, merged$`));
  });
});

describe('cancelling one order of a merged package (SPEC §2 erp-settings/order-setting)', () => {
  it('takes the order out: its package is re-made for the other order, both timelines say so', { timeout: 120_000 }, async () => {
    const [pair] = await sql<{ id: number; other_id: number; order_no: string }>(
      `SELECT p.order_id AS id, q.order_id AS other_id, s.order_no FROM order_parcels p
         JOIN order_parcels q ON q.stock_order_id = p.stock_order_id AND q.order_id <> p.order_id
         JOIN orders o ON o.id = p.order_id AND o.ordered_at = p.ordered_at AND o.status = 'READY'
         JOIN orders r ON r.id = q.order_id AND r.ordered_at = q.ordered_at AND r.status = 'READY'
         JOIN stock_orders s ON s.id = p.stock_order_id
        WHERE s.status IN ('CREATE', 'PENDING') AND s.working_status IN ('CREATE', 'ALLOCATED') AND s.abnormal_reason IS NULL
        ORDER BY p.order_id DESC LIMIT 1`);
    if (!pair) throw new Error('no demo package of two ready orders waits for its pick');
    page = await signedIn(browser, `/orderId/${pair.id}`);
    await page.getByTestId('order-cancel').click();
    await confirmDialog(page, 'Cancel this order?').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('order-status').innerText()).toBe('Cancelled');
    const [remade] = await sql<{ order_no: string }>(
      `SELECT s.order_no FROM order_parcels p JOIN stock_orders s ON s.id = p.stock_order_id
        WHERE p.order_id = %s AND s.status NOT IN ('INVALID', 'PART_INVALID') ORDER BY s.id DESC LIMIT 1`, [pair.other_id]);
    if (!remade) throw new Error('the other order has no open package');
    await expect.poll(() => page.getByTestId('order-timeline').locator('.ant-timeline-item').last().innerText())
      .toMatch(new RegExp(`Cancel · admin · Taken out of package ${pair.order_no}; the orders merged with it leave in package ${remade.order_no}$`));

    await page.goto(at(`/orderId/${pair.other_id}`));
    await expect.poll(() => page.getByTestId('order-parcels').innerText())
      .toMatch(new RegExp(`^\\d packages: .*${pair.order_no} \\(Cancelled · [^)]+\\) with order [^;]+, merged; .*${remade.order_no} \\(Pending · [^)]+\\)$`));
    expect(await page.getByTestId('order-timeline').locator('.ant-timeline-item').last().innerText())
      .toMatch(new RegExp(`re-packed as package ${remade.order_no}$`));
  });
});
