import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from './database';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { choose, rowAction, signedIn } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('reconciliation', () => page);

/** Last month as the month picker types it (the demo orders span the last 120 days). */
function lastMonth(): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('financial reconciliation (SPEC §2 /financial-reconciliation)', () => {
  it('starts a run for a merchant and a month, shows its differences and exports them', async () => {
    const [merchant] = await sql<{ id: number; email: string }>(
      `SELECT m.id, m.email FROM merchants m WHERE EXISTS (
         SELECT 1 FROM orders o WHERE o.merchant_id = m.id AND o.status <> 'CANCELLED'
            AND o.ordered_at >= date_trunc('month', now()) - interval '1 month' AND o.ordered_at < date_trunc('month', now()))
       ORDER BY m.id DESC LIMIT 1`); // not one of the demo runs' merchants (the first few)
    if (!merchant) throw new Error('no demo merchant with last month\'s orders');
    page = await signedIn(browser, `/financial-reconciliation?merchantId=${merchant.id}`);
    await page.getByTestId('reconciliation-start').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Start reconciliation' });
    await choose(page, dialog.getByRole('combobox', { name: 'Merchant', exact: true }), merchant.email);
    const month = dialog.locator('#month');
    await month.click();
    await month.fill(lastMonth());
    await month.press('Enter');
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByText('Reconciliation started: processing, please wait').first().waitFor();

    // the list asks again every few seconds while the run goes on
    const row = page.getByRole('row').filter({ hasText: merchant.email }).filter({ hasText: 'Done' }).first();
    await row.waitFor({ timeout: 90_000 });
    await rowAction(page, row, 'Differences');
    const drawer = page.getByRole('dialog').filter({ hasText: 'Differences' });
    await drawer.getByRole('row', { name: /Matched|Short-paid|Over-paid|Unpaid|Unknown order/ }).first().waitFor();

    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  }, 240_000);
});
