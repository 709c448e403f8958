import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { sql } from './database';
import { choose, confirmDialog, pick, rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

const PATH = '/operation/ginee-oms/stock/outbound-inbound-order-query';
const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-SKU-${RUN}`;
const INBOUND = `IB-E2E-${RUN}`;
const OUTBOUND = `OB-E2E-${RUN}`;
let merchantId = 0;

beforeAll(async () => {
  // A warehouse and a product of a demo merchant, straight into their tables (no stock: that moves only
  // through the ledger, below and on screen).
  const [merchant] = await sql<{ id: number }>('SELECT id FROM merchants ORDER BY id LIMIT 1');
  merchantId = Number(merchant!.id);
  await sql(
    "INSERT INTO warehouses (merchant_id, provider, code, name, type, is_default, enabled, created_at, updated_at) " +
      "VALUES (%s, 'GINEE_WMS', %s, %s, 'OWN', false, true, now(), now())",
    [merchantId, `E2E-${RUN}`, `E2E warehouse ${RUN}`],
  );
  // the order dialog offers the SKUs of the warehouse merchant's product library
  await sql('INSERT INTO wms_products (merchant_id, sku, name) VALUES (%s, %s, %s)', [merchantId, SKU, `E2E product ${RUN}`]);
});

screenshotOnFailure('stock-orders', () => page);

const table = () => page.getByTestId('stock-orders-table');
const row = (orderNo: string) => table().locator('tbody tr.ant-table-row', { hasText: orderNo });
const dialog = () => page.getByRole('dialog');
const drawer = () => page.getByTestId('detail-drawer');

async function create(type: string, orderNo: string, quantity: number) {
  await page.getByRole('button', { name: 'New order' }).click();
  const form = page.getByTestId('create-form');
  await pick(page, form.getByRole('combobox', { name: 'Order type' }), type);
  await choose(page, form.getByRole('combobox', { name: 'Warehouse' }), `E2E-${RUN}`); // picked by code; its merchant follows
  await form.getByRole('textbox', { name: 'Order number', exact: true }).fill(orderNo);
  await choose(page, form.getByRole('combobox', { name: 'SKU 1' }), SKU);
  await form.getByRole('spinbutton', { name: 'Planned 1' }).fill(String(quantity));
  await dialog().getByRole('button', { name: 'New order' }).click();
  await page.waitForURL((url) => url.searchParams.get('orderNo') === orderNo);
  await row(orderNo).waitFor();
}

async function progress(orderNo: string, action: 'Receive' | 'Outbound', quantity: number) {
  await rowAction(page, row(orderNo), action);
  const form = page.getByTestId('progress-form');
  await form.getByRole('spinbutton', { name: `Quantity ${SKU}` }).fill(String(quantity));
  await dialog().getByRole('button', { name: action, exact: true }).click();
  await form.waitFor({ state: 'detached' });
}


/** The stock of the sku in the warehouse as the order's detail shows it now. */
async function figures(orderNo: string) {
  await rowAction(page, row(orderNo), 'View');
  await drawer().getByTestId('stock-order-lines').waitFor();
  const read = async () => {
    const value = async (bucket: string) => (await drawer().getByTestId(`stock-${SKU}-${bucket}`).innerText()).trim();
    return { onHand: await value('onHand'), locked: await value('locked'), transit: await value('transit'), available: await value('available') };
  };
  return read;
}

async function closeDrawer() {
  await drawer().getByRole('button', { name: 'Close' }).click();
  await drawer().waitFor({ state: 'detached' });
}

describe('inbound and outbound orders (SPEC §3, §4)', () => {
  it('receives an inbound order in part, ships and voids an outbound one, and the stock figures follow on screen', { timeout: 240_000 }, async () => {
    page = await signedIn(browser, PATH);
    await page.getByText('Enter one or more order numbers').waitFor(); // nothing is asked before a number is given

    await create('Purchase inbound', INBOUND, 10);
    let shown = await figures(INBOUND);
    await expect.poll(shown).toEqual({ onHand: '0', locked: '0', transit: '10', available: '0' });
    await closeDrawer();

    await progress(INBOUND, 'Receive', 6);
    await expect.poll(() => row(INBOUND).innerText()).toContain('Partly complete');
    shown = await figures(INBOUND);
    await expect.poll(shown).toEqual({ onHand: '6', locked: '0', transit: '4', available: '6' });
    await expect.poll(() => drawer().getByTestId('stock-order-history').innerText()).toContain('Receive');
    await closeDrawer();

    await create('Sales outbound', OUTBOUND, 4);
    shown = await figures(OUTBOUND);
    await expect.poll(shown).toEqual({ onHand: '6', locked: '4', transit: '4', available: '2' });
    await closeDrawer();

    // the warehouse's side (SPEC §4 push, print and working statuses): pushed, taken by the warehouse (its AWB
    // pulled), picking list printed, allocated, picked, sorted and reviewed, packed, waiting for the courier
    for (const [action, shows] of [['Push to warehouse', 'Succeeded without AWB'], ['Warehouse received', 'Received, AWB being pulled'],
      ['Allocate', 'Allocated'], ['Pick', 'Picking'], ['Sort and review', 'Sorting and reviewing'],
      ['Pack', 'Packed'], ['Ready for pickup', 'Waiting for pickup']]) {
      await rowAction(page, row(OUTBOUND), action!);
      await expect.poll(() => row(OUTBOUND).innerText()).toContain(shows);
    }
    await expect.poll(() => row(OUTBOUND).innerText()).toContain('Pending');

    // the picking list opens in a tab of its own with the order's line: its SKU, product and quantity
    const opened = page.waitForEvent('popup');
    await rowAction(page, row(OUTBOUND), 'Print picking list');
    const list = await opened;
    await list.getByRole('heading', { name: 'Picking list' }).waitFor();
    const line = await list.locator('tbody tr').innerText();
    expect(line).toContain(SKU);
    expect(line).toContain(`E2E product ${RUN}`);
    expect(line).toContain('4');
    expect(await list.locator('dl').innerText()).toContain(OUTBOUND);
    await list.close();
    await expect.poll(() => row(OUTBOUND).innerText()).toContain('Printed');

    await progress(OUTBOUND, 'Outbound', 1);
    await expect.poll(() => row(OUTBOUND).innerText()).toContain('Partly complete');

    await rowAction(page, row(OUTBOUND), 'Void');
    const question = confirmDialog(page, 'Void this outbound order?');
    await question.getByRole('button', { name: 'OK' }).click();
    // the warehouse holds the order: the void is asked of it first, and its reply releases the lock
    await expect.poll(() => row(OUTBOUND).innerText()).toContain('Canceling');
    await rowAction(page, row(OUTBOUND), 'Warehouse cancelled');
    // the warehouse's answer voids the order for good: asked first, naming the order
    const answer = confirmDialog(page, 'The warehouse cancelled this order?');
    expect(await answer.innerText()).toContain(OUTBOUND);
    await answer.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row(OUTBOUND).innerText()).toContain('Partly invalid');
    shown = await figures(OUTBOUND);
    // 6 received, 1 shipped: 5 on hand; the 3 still locked are released and available again
    await expect.poll(shown).toEqual({ onHand: '5', locked: '0', transit: '4', available: '5' });
    await closeDrawer();
  });

  it('refuses a mass outbound holding a voided order with "select again", naming it, and changes nothing', async () => {
    page = await signedIn(browser, `${PATH}?orderNo=${encodeURIComponent(`${INBOUND} ${OUTBOUND}`)}`);
    await row(OUTBOUND).waitFor();
    await row(OUTBOUND).getByRole('checkbox').check();
    await page.getByTestId('batch-footer').getByRole('button', { name: 'Mass outbound' }).click();
    await confirmDialog(page, 'Ship everything that remains').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.ant-notification').innerText()).toContain(`Please select again`);
    expect(await page.locator('.ant-notification').innerText()).toContain(OUTBOUND);
    const token = await tokenFor();
    const found = await api<{ items: { orderNo: string; status: string }[] }>('POST', 'stock-order/search', { orderNo: OUTBOUND }, token);
    expect(found.data?.items.map((o) => o.status)).toEqual(['PART_INVALID']);
  });
});
