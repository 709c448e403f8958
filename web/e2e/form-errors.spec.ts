import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { choose, pick, signedIn } from './session';

const browser = specBrowser();
let page: Page;
const LAPTOP = { width: 1366, height: 768 };

screenshotOnFailure('form-errors', () => page);

const form = () => page.locator('[data-testid="package-form"]:visible');
const save = () => page.getByRole('button', { name: 'Save', exact: true });

/** The element lies wholly within the window as the user sees it now (not scrolled away). */
async function inView(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= LAPTOP.height && box.x >= 0 && box.x + box.width <= LAPTOP.width;
}

describe('a long form says what is wrong, all at once, where the user is looking', () => {
  it('shows every refused field of the package form at 1366x768 with the first in view', async () => {
    page = await signedIn(browser, '/operation/manage-accounts/saas-management/erp/package-permission/create/1', { viewport: LAPTOP });
    await form().getByLabel('Package name').fill(`Errors ${Date.now().toString(36)}`);
    await form().getByLabel('Display name').fill('Errors plan');
    await pick(page, form().getByRole('combobox', { name: 'Applicable country' }), 'Indonesia');
    // three values the browser lets through and the server refuses (SPEC §5): not whole, three decimals, above the amount
    await form().getByLabel('Amount excluding tax').fill('1000.5');
    await form().getByLabel('Tax rate (%)').fill('1.234');
    await form().getByLabel('Discounted price').fill('2000');
    await save().scrollIntoViewIfNeeded();  // the Save button sits below the permission tree, far from the prices
    expect(await inView(form().getByLabel('Amount excluding tax'))).toBe(false);
    await save().click();

    const amount = form().getByText('Amount excluding tax: must be a whole number');
    await amount.waitFor();
    await form().getByText('Tax rate (%): at most 2 decimal places').waitFor();
    await form().getByText('Discounted price: cannot be above the package amount').waitFor();
    await expect.poll(() => inView(amount)).toBe(true);  // the first refusal is brought to the user
    expect(page.url()).toContain('/create/1');  // nothing saved

    // the browser's own checks scroll too: a blank name at the top, Save pressed at the bottom
    await form().getByLabel('Amount excluding tax').fill('1000');
    await form().getByLabel('Tax rate (%)').fill('11');
    await form().getByLabel('Discounted price').fill('0');
    await form().getByLabel('Display name').fill('');
    await save().scrollIntoViewIfNeeded();
    await save().click();
    const blank = form().getByText('Display name: this field is required');
    await blank.waitFor();
    await expect.poll(() => inView(blank)).toBe(true);
  }, 240_000);

  it('shows every problem the server finds in a scheduled task at once, each on its field', async () => {
    page = await signedIn(browser, '/system/task/schedule', { viewport: LAPTOP });
    const saves: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/cms/job/add')) saves.push(request.url()); });
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Job name').fill(`Errors probe ${Date.now().toString(36)}`);
    await pick(page, dialog.getByRole('combobox', { name: 'Handler' }), 'http');
    await choose(page, dialog.getByRole('combobox', { name: 'Method' }), 'HTTP probe');
    // two values only the server can judge (SPEC §5): an hour beyond 23, and a URL of the console's own network
    await dialog.getByLabel('Cron expression').fill('0 25 * * *');
    await dialog.getByLabel('URL').fill('http://10.1.2.3/');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const errors = dialog.locator('.ant-form-item-explain-error');
    const cron = errors.getByText(/has a value out of range/);
    await cron.waitFor();
    await errors.getByText(/10\.1\.2\.3 is an address of the console's own network/).waitFor();  // in the same reply
    expect(saves).toHaveLength(1);
    await expect.poll(() => inView(cron)).toBe(true);
    expect(await dialog.count()).toBe(1);  // nothing saved: the dialog stays open with what was typed
  }, 120_000);
});
