import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { sql } from './database';
import { choose, rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('receive-to-shelf', () => page);

const ORDERS_PATH = '/operation/ginee-oms/stock/outbound-inbound-order-query';
const RUN = Date.now().toString(36).toUpperCase();
const SKU = `SHELF-SKU-${RUN}`;
const ORDER_NO = `IB-SHELF-${RUN}`;

async function added<T>(path: string, body: unknown, token: string): Promise<T> {
  const reply = await api<T>('POST', path, body, token);
  expect(reply.status, JSON.stringify(reply)).toBe(200);
  return reply.data;
}

const onShelf = async (shelfId: number) =>
  (await sql<{ quantity: number }>('SELECT quantity FROM shelf_stock WHERE shelf_id = %s AND sku = %s', [shelfId, SKU]))[0]?.quantity ?? 0;

describe('received stock reaches a shelf (SPEC §3 inbound order, shelf code; SPEC §4 shelf merge)', () => {
  it('receives an inbound order of a new warehouse onto a shelf picked by its code, then merges that shelf', { timeout: 300_000 }, async () => {
    const token = await tokenFor();
    const [merchant] = await sql<{ id: number }>('SELECT id FROM merchants ORDER BY id LIMIT 1');
    const merchantId = Number(merchant!.id);
    const warehouse = await added<{ id: number }>('warehouse/add', { merchantId, name: `Shelved ${RUN}`, code: `SH-${RUN}` }, token);
    const shelf = await added<{ id: number }>('warehouse-shelf/add', { warehouseId: warehouse.id, code: `IN-${RUN}`, name: 'Inbound' }, token);
    const target = await added<{ id: number }>('warehouse-shelf/add', { warehouseId: warehouse.id, code: `KEEP-${RUN}`, name: 'Keep' }, token);
    await sql('INSERT INTO wms_products (merchant_id, sku, name) VALUES (%s, %s, %s)', [merchantId, SKU, `Shelved product ${RUN}`]);
    await added('stock-order/add', {
      merchantId, warehouseId: warehouse.id, orderType: 'PURCHASE_INBOUND', orderNo: ORDER_NO, lines: [{ sku: SKU, quantity: 6 }],
    }, token);

    page = await signedIn(browser, `${ORDERS_PATH}?orderNo=${ORDER_NO}`);
    const row = page.getByTestId('stock-orders-table').locator('tbody tr.ant-table-row', { hasText: ORDER_NO });
    await row.waitFor();
    await rowAction(page, row, 'Receive');
    const form = page.getByTestId('progress-form');
    // only the shelves of the order's warehouse, by their codes
    await choose(page, form.getByRole('combobox', { name: 'Shelf' }), `IN-${RUN}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Receive', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => onShelf(shelf.id)).toBe(6);

    // the merge of that shelf in the new warehouse moves its SKU
    const merge = await added<{ id: number }>('shelf-merge/add', { warehouseId: warehouse.id, sourceShelfIds: [shelf.id], targetShelfId: target.id }, token);
    await expect.poll(async () => (await sql<{ state: string; moved: number }>('SELECT state, moved FROM shelf_merges WHERE id = %s', [merge.id]))[0],
      { timeout: 120_000, interval: 500 }).toEqual({ state: 'COMPLETED', moved: 1 });
    expect(await onShelf(target.id)).toBe(6);
  });
});
