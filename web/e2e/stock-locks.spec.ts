import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { sql } from './database';
import { confirmDialog, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('stock-locks', () => page);

const LOCKS = '/operation/ginee-oms/stock/lock-stock';

interface Store { shop_id: number; merchant_id: number; shop_name: string; channel: string; country: string; warehouse_id: number }

describe('lock stock (SPEC §2 stock screens)', () => {
  it('locks a picked store, the sync of that store is refused naming the lock, and unlocking asks first', async () => {
    const [store] = await sql<Store>(
      `SELECT s.id AS shop_id, s.merchant_id, s.name AS shop_name, s.channel, s.country, w.id AS warehouse_id
         FROM shops s JOIN warehouses w ON w.merchant_id = s.merchant_id
        WHERE s.bound AND NOT EXISTS (SELECT 1 FROM stock_locks l WHERE l.shop_id = s.id)
        ORDER BY s.id DESC LIMIT 1`);
    expect(store, 'a demo store whose merchant has a warehouse').toBeDefined();
    const admin = await tokenFor();
    const bound = await api('POST', 'stock-sync/binding/add', { shopId: store!.shop_id, warehouseId: store!.warehouse_id }, admin);
    expect([200, 409]).toContain(bound.status);

    page = await signedIn(browser, LOCKS);
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Store' }).fill(store!.shop_name);
    await page.locator('.ant-select-item-option').filter({ hasText: store!.shop_name }).first().click();
    await dialog.getByLabel('Reason').fill('stock count');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(`${store!.shop_name}.*stock count`) });
    await row.waitFor();

    const refused = await api('POST', 'stock-sync/sync', {
      merchantId: store!.merchant_id, country: store!.country, channel: store!.channel, shopId: store!.shop_id,
    }, admin);
    expect([refused.status, refused.code]).toEqual([409, 'STOCK_STORE_LOCKED']);
    expect(refused.message).toContain(store!.shop_name);

    // the same store again: refused on its field, where the user looks
    await page.getByRole('button', { name: 'Add' }).click();
    await dialog.getByRole('combobox', { name: 'Store' }).fill(store!.shop_name);
    await page.locator('.ant-select-item-option').filter({ hasText: store!.shop_name }).first().click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.ant-form-item-explain-error').getByText('its stock is locked already', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    page = await signedIn(browser, LOCKS);  // a fresh screen: the closed dialog leaves nothing over the list
    const listed = page.getByRole('row', { name: new RegExp(`${store!.shop_name}.*stock count`) });
    await listed.waitFor();
    await listed.getByTestId('row-actions').getByRole('button', { name: 'Unlock', exact: true }).click();
    await confirmDialog(page, 'Unlock this stock?').getByRole('button', { name: 'OK' }).click();
    await listed.waitFor({ state: 'detached' });
  }, 180_000);
});
