import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { openFromMenu, signedIn } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('oms-shop', () => page);

describe('the OMS shop menu entry (SPEC §2 /operation/ginee-oms/shop)', () => {
  it('opens the shops list, not a page that is not available yet', async () => {
    page = await signedIn(browser, '/home');
    await openFromMenu(page, 'Operation', 'Ginee OMS', 'Shops');
    await page.waitForURL((url) => url.pathname === '/operation/ginee-oms/shop');
    const list = page.getByTestId('shops-page');
    await list.getByRole('button', { name: 'Search', exact: true }).waitFor();
    await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByText('is not available yet').count()).toBe(0);
  }, 120_000);
});
