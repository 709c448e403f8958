import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { signedIn } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('interception', () => page);

describe('auto interception rules (ERP order settings)', () => {
  it('lists the demo merchants\' rules on their own route', async () => {
    page = await signedIn(browser, '/operation/ginee-oms/erp-settings/interception-rules');
    const list = page.getByTestId('interception-rules-page');
    await list.getByRole('button', { name: 'Search', exact: true }).waitFor();
    await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await list.getByText('High-value orders').first().waitFor();
    expect(await page.getByText('is not available yet').count()).toBe(0);
  }, 120_000);
});
