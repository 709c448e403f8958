import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { choose, confirmDialog, pick, rowAction, signedIn } from './session';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('stock', () => page);

const CHANGES_PATH = '/operation/ginee-oms/stock/change-record';
const RECONCILIATION_PATH = '/operation/ginee-oms/stock/reconciliation';
const RUN = `E2E${Date.now().toString(36).toUpperCase()}`;
const SKU = `${RUN}-SKU`;

async function warehouse(): Promise<number> {
  const [merchant] = await sql<{ id: number }>('SELECT id FROM merchants ORDER BY id LIMIT 1');
  const [row] = await sql<{ id: number }>(
    "INSERT INTO warehouses (merchant_id, provider, code, name, type, is_default, enabled) VALUES (%s, 'GINEE_WMS', %s, %s, 'OWN', false, true) RETURNING id",
    [merchant!.id, RUN, `Warehouse ${RUN}`]);
  // the SKU moved is one of the merchant's products: the screens pick it from the product library
  await sql('INSERT INTO wms_products (merchant_id, sku, name) VALUES (%s, %s, %s)', [merchant!.id, SKU, `Product ${RUN}`]);
  return row!.id;
}

const onHand = async (warehouseId: number) =>
  (await sql<{ on_hand: number }>('SELECT on_hand FROM stock_balances WHERE warehouse_id = %s AND sku = %s', [warehouseId, SKU]))[0]?.on_hand;

describe('stock change record and reconciliation (SPEC §3 stock change record)', () => {
  it('moves stock from the screen, lists the change record, and repairs a drifted balance', { timeout: 180_000 }, async () => {
    const warehouseId = await warehouse();
    page = await signedIn(browser, CHANGES_PATH);
    await page.getByTestId('move-stock').click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByRole('combobox', { name: 'Warehouse' }), `Warehouse ${RUN}`);
    await choose(page, dialog.getByRole('combobox', { name: 'SKU' }), SKU);
    await pick(page, dialog.getByRole('combobox', { name: 'Movement' }), 'Manual inbound');
    await dialog.getByLabel('Quantity').fill('5');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => onHand(warehouseId)).toBe(5);

    await choose(page, page.getByTestId('stock-changes-page').getByRole('combobox', { name: 'SKU' }), SKU);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('stock-changes-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Manual inbound');

    // A stray write leaves the balance 3 above its ledger; the reconciliation run recorded it as a drift.
    await sql('UPDATE stock_balances SET on_hand = on_hand + 3 WHERE warehouse_id = %s AND sku = %s', [warehouseId, SKU]);
    const [run] = await sql<{ id: number }>(
      "INSERT INTO stock_reconciliations (key, status, checked, drifted) VALUES (%s, 'DRIFT', 1, 1) RETURNING id", [RUN]);
    await sql(
      'INSERT INTO stock_drifts (reconciliation_id, warehouse_id, sku, balance, ledger) VALUES (%s, %s, %s, %s, %s)',
      [run!.id, warehouseId, SKU, JSON.stringify({ on_hand: 8 }), JSON.stringify({ on_hand: 5 })]);

    await page.goto(page.url().replace(/\/operation\/.*/, `${RECONCILIATION_PATH}?sku=${SKU}`));
    const drift = page.getByTestId('stock-drifts-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => drift.count()).toBe(1);
    await rowAction(page, drift.first(), 'Repair');
    await confirmDialog(page, 'Rebuild this balance from its change records?').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => onHand(warehouseId)).toBe(5);
    await expect.poll(() => drift.first().getByTestId('row-actions').getByRole('button', { name: 'Repair' }).count()).toBe(0);
  });
});
