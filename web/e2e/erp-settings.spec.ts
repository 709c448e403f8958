import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from './console';
import { screenshotOnFailure } from './failures';
import { rowAction, signedIn, tokenFor } from './session';
import { specBrowser } from './specBrowser';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('erp-settings', () => page);

interface OrderSetting { id: number; merchantId: number; holdMinutes: number }
interface Page_<T> { items: T[] }

/** A merchant's order settings to change: the demo's, or a new row for a merchant without any. */
async function orderSettings(token: string): Promise<OrderSetting> {
  const listed = await api<Page_<OrderSetting>>('POST', 'erp-settings/order-setting/search', { pageSize: 1 }, token);
  if (listed.data.items[0]) return listed.data.items[0];
  const merchants = await api<{ id: number }[]>('GET', 'merchant/options', undefined, token);
  const added = await api<OrderSetting>('POST', 'erp-settings/order-setting/add', { merchantId: merchants.data[0]!.id }, token);
  expect(added.code, added.message).toBe('SUCCESS');
  return added.data;
}

describe('ERP settings (SPEC §2 erp-settings/order-setting, action history)', () => {
  it('changes a merchant\'s setting, sees it saved, and sees the change in the page\'s history', async () => {
    const setting = await orderSettings(await tokenFor());
    const before = setting.holdMinutes;
    const after = before === 45 ? 50 : 45;
    page = await signedIn(browser, `/operation/ginee-oms/erp-settings/order-setting?merchantId=${setting.merchantId}`);
    expect(await page.getByText('is not available yet').count()).toBe(0);
    const list = page.getByTestId('erp-order-page');
    const row = list.locator('tbody tr.ant-table-row').first();
    await row.waitFor({ timeout: 30_000 });
    await rowAction(page, row, 'Edit');
    const dialog = page.getByRole('dialog');
    const hold = dialog.getByLabel('Hold new orders (minutes)');
    await hold.fill(String(after));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // saved at once: the server has it (the list fits its columns to the width; the history below shows the field)
    const token = await tokenFor();
    await expect.poll(async () => (await api<OrderSetting>('GET', `erp-settings/order-setting/detail/${setting.id}`, undefined, token)).data.holdMinutes,
      { timeout: 20_000 }).toBe(after);

    await page.getByRole('tab', { name: 'Action history' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'history');
    const history = page.getByTestId('erp-settings-history');
    await history.getByText(`Hold new orders (minutes): ${before} → ${after}`).first().waitFor({ timeout: 20_000 });
    expect(await history.locator('tbody tr.ant-table-row').first().innerText()).toContain('Order settings');
  }, 180_000);
});
