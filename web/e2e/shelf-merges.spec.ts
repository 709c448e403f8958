import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { at } from './console';
import { holdRows, sql } from './database';
import { choose, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('shelf-merges', () => page);

const RUN = `SM${Date.now().toString(36).toUpperCase()}`;
const SKUS = Array.from({ length: 60 }, (_, n) => `${RUN}-${String(n + 1).padStart(3, '0')}`);
const BLOCKED = SKUS[50]!; // the first SKU of the second batch (batches of 50)

/** A warehouse of the first merchant with a source shelf holding one unit of each SKU and an empty target. */
async function stockedShelves(): Promise<{ warehouseId: number; source: number; target: number }> {
  const [merchant] = await sql<{ id: number }>('SELECT id FROM merchants ORDER BY id LIMIT 1');
  const [warehouse] = await sql<{ id: number }>(
    "INSERT INTO warehouses (merchant_id, provider, code, name, type, is_default, enabled) VALUES (%s, 'GINEE_WMS', %s, %s, 'OWN', false, true) RETURNING id",
    [merchant!.id, RUN, `Warehouse ${RUN}`]);
  const shelf = async (code: string) => (await sql<{ id: number }>(
    'INSERT INTO shelves (warehouse_id, code, enabled) VALUES (%s, %s, true) RETURNING id', [warehouse!.id, code]))[0]!.id;
  const [source, target] = [await shelf(`${RUN}-SRC`), await shelf(`${RUN}-DST`)];
  const token = await tokenFor();
  for (const sku of SKUS) {  // through the ledger's API, as stock always moves
    const reply = await fetch(at('/cms/stock/movement'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': `${RUN}-${sku}` },
      body: JSON.stringify({ warehouseId: warehouse!.id, sku, movementType: 'manual_inbound', quantity: 1, shelfId: source }),
    });
    expect(reply.status).toBe(200);
  }
  return { warehouseId: warehouse!.id, source, target };
}

const onShelf = async (shelfId: number) =>
  (await sql<{ n: number }>('SELECT count(*)::int AS n FROM shelf_stock WHERE shelf_id = %s AND quantity > 0', [shelfId]))[0]!.n;

describe('shelf merge (SPEC §4 merging shelves is asynchronous; docs/shelf_merges.md)', () => {
  it('starts from location management, follows the progress bar, cancels (what moved stays, listed) and retries', { timeout: 300_000 }, async () => {
    const { warehouseId, source, target } = await stockedShelves();
    // the second batch waits on its first SKU's balance row: the merge is caught after batch 1, known to the test
    const lock = await holdRows('SELECT 1 FROM stock_balances WHERE warehouse_id = %s AND sku = %s FOR UPDATE', [warehouseId, BLOCKED]);
    try {
      page = await signedIn(browser, '/warehouse-setting/location-management');
      await page.getByRole('tab', { name: 'Shelves' }).click();
      await page.getByRole('button', { name: 'Merge shelves' }).click();
      const dialog = page.getByRole('dialog');
      const chooseIn = (label: string, text: string) =>
        choose(page, dialog.getByRole('combobox', { name: label }), text.split(' (')[0]!, text);
      await chooseIn('Warehouse', `${RUN} Warehouse ${RUN}`);
      // each shelf is offered with the SKUs on it, as the server's shelf options count them
      await chooseIn('Source shelves', `${RUN}-SRC (60 SKUs)`);
      await dialog.getByRole('combobox', { name: 'Source shelves' }).press('Escape');
      await chooseIn('Target shelf', `${RUN}-DST (0 SKUs)`);
      await dialog.getByRole('button', { name: 'Start merge' }).click();
      await page.waitForURL(/\/shelf-merge\/\d+$/);
      const mergeId = Number(page.url().split('/').pop());

      // the flow in the Temporal Web UI, under the id the docs promise
      const workflowId = `shelf-merge-${warehouseId}-${mergeId}`;
      const link = page.getByRole('link', { name: 'Open in Temporal Web UI' });
      expect(await link.getAttribute('href')).toMatch(new RegExp(`/temporal/namespaces/[^/]+/workflows/${workflowId}$`));
      await page.getByText(workflowId, { exact: true }).waitFor();

      // the progress bar follows the flow: batch 1 done, batch 2 under way (waiting)
      await page.getByTestId('merge-counts').getByText('50 / 60 SKUs moved (batch 2)').waitFor({ timeout: 120_000 });
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('83');

      await page.getByRole('button', { name: 'Cancel merge' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
      await page.getByText('Cancel requested: the merge stops after the movement under way.').waitFor();
      // the batch learns of the cancel from a heartbeat's reply while its movement waits for the row: that
      // movement is abandoned (its transaction rolls back) and nothing after it runs. Releasing the row before
      // then would let movements run until the next heartbeat's reply, as many as its timing allows.
      await page.getByTestId('merge-state').getByText('Cancelled').waitFor({ timeout: 120_000 });
    } finally {
      await lock.release();
    }
    const counts = await page.getByTestId('merge-counts').innerText();
    const moved = Number(/^(\d+) \/ 60/.exec(counts)![1]);
    expect(moved).toBe(50);
    await page.getByText(`Cancelled: the ${moved} SKUs below stay moved.`, { exact: false }).waitFor();
    const list = page.getByTestId('moved-list');
    await list.getByRole('cell', { name: SKUS[0]!, exact: true }).waitFor();
    expect(await list.getByRole('cell', { name: `${RUN}-SRC`, exact: true }).count()).toBe(20);  // a page of moved SKUs
    expect(await onShelf(target)).toBe(moved);
    expect(await onShelf(source)).toBe(60 - moved);

    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('merge-state').getByText('Completed').waitFor({ timeout: 120_000 });
    await page.getByTestId('merge-counts').getByText(/^60 \/ 60 SKUs moved/).waitFor();
    expect(await onShelf(target)).toBe(60);
    expect(await onShelf(source)).toBe(0);
  });
});
