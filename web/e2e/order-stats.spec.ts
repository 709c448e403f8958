import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { rowAction, signedIn } from './session';
import { sql } from './database';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('order-stats', () => page);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('order statistics (SPEC §9 every 60 minutes): the rollup task backfills a date range with progress', () => {
  it('starts a backfill of two days from the rollup task row and sees it finish', async () => {
    page = await signedIn(browser, '/system/task/schedule');
    const row = page.getByTestId('jobs-table').getByRole('row', { name: /Order statistics rollup/ });
    await row.waitFor();
    await rowAction(page, row, 'Backfill');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Rolls the order statistics of every hour/).waitFor();
    await dialog.getByPlaceholder('Start date').click();
    await dialog.getByPlaceholder('Start date').fill(day(-1));
    await page.keyboard.press('Enter');
    await dialog.getByPlaceholder('End date').fill(day(0));
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Backfill' }).click();
    await dialog.getByTestId('stats-backfill-progress').waitFor();
    await dialog.getByTestId('stats-backfill-state').getByText(/Completed: \d+ hours rolled/).waitFor({ timeout: 90_000 });
    const [done] = await sql<{ state: string; done: number; hours: number }>(
      'select state, done, hours from order_stats_backfills order by id desc limit 1');
    expect(done?.state).toBe('COMPLETED');
    expect(done?.done).toBe(done?.hours);
    expect(done?.hours).toBeGreaterThan(24);
  }, 180_000);
});
