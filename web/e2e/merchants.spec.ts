import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { confirmDialog, rowAction, selectOptions, signedIn } from './session';

const browser = specBrowser();
let page: Page;

const SPECIFIC_PATH = '/operation/accounts/accounts/ginee-specific-accounts';
const STAMP = Date.now().toString().slice(-8);
const EMAIL = `journey${STAMP}@shop.example`;
const PHONE = `+62812${STAMP}`; // an Indonesian mobile number: the country is derived from it
const SHOP = `Journey shop ${STAMP}`;

/** A merchant whose first ERP login has not happened yet, with its IAM, ERP and WMS accounts and one shop. */
beforeAll(async () => {
  const [merchant] = await sql<{ id: number }>(
    `insert into merchants (email, phone, country, registration_source, package_state) values (%s, %s, 'ID', 'SYS_ERP', 'NOT_PAID') returning id`,
    [EMAIL, PHONE],
  );
  for (const system of ['IAM', 'ERP', 'WMS']) {
    await sql(
      `insert into merchant_accounts (merchant_id, system, email, user_type, status, account_type, activated_at)
       values (%s, %s, %s, 'MERCHANT', 'ENABLED', 'OFFICIAL', case when %s = 'WMS' then null else now() end)`,
      [merchant!.id, system, EMAIL, system],
    );
  }
  await sql(
    `insert into shops (merchant_id, name, channel, country, external_shop_id, merchant_email, connection_status, bound)
     values (%s, %s, 'TOKOPEDIA_ID', 'ID', %s, %s, 'CONNECTED', true)`,
    [merchant!.id, SHOP, `ext${STAMP}`, EMAIL],
  );
});

screenshotOnFailure('merchants', () => page);

const listRows = () => page.getByTestId('merchants-specific-table').locator('tbody tr.ant-table-row');
const accountType = (system: string) => page.getByTestId(`account-type-${system}-${EMAIL}`);

describe('a merchant found, opened and looked after (SPEC §2 merchant accounts, §5, §6)', () => {
  it('finds the merchant by phone, then by email, and opens its detail', async () => {
    page = await signedIn(browser, SPECIFIC_PATH);
    const form = page.getByTestId('merchants-specific-page');
    await form.getByRole('textbox', { name: 'Phone' }).fill(PHONE.slice(1, 11));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(async () => (await listRows().allInnerTexts()).join('\n')).toContain(EMAIL);

    await form.getByRole('textbox', { name: 'Phone' }).fill('');
    await form.getByRole('textbox', { name: 'Email' }).fill(EMAIL.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => listRows().count()).toBe(1);
    expect(await listRows().first().innerText()).toContain('Indonesia');

    await rowAction(page, listRows().first(), 'View');
    await page.waitForURL((url) => url.pathname === '/operation/ginee-iam/genie-iam-detail' && url.searchParams.has('id'));
    await expect.poll(() => page.getByTestId('merchant-summary').innerText()).toContain(PHONE);
  });

  it('changes the account type in IAM and sees it on the ERP and WMS accounts', async () => {
    expect(await accountType('ERP').innerText()).toBe('Official');
    await page.getByRole('combobox', { name: `Account type ${EMAIL}` }).click();
    await selectOptions(page).filter({ hasText: /^Test$/ }).click();
    await expect.poll(() => accountType('ERP').innerText()).toBe('Test');
    expect(await accountType('WMS').innerText()).toBe('Test');
    const rows = await sql<{ account_type: string }>(`select account_type from merchant_accounts where email = %s`, [EMAIL]);
    expect(rows.map((row) => row.account_type)).toEqual(['TEST', 'TEST', 'TEST']);
  });

  it('blacklists an account only after a confirmation naming it (SPEC §5: nothing destructive on one click)', async () => {
    const erpStatus = async () =>
      (await sql<{ status: string }>(`select status from merchant_accounts where email = %s and system = 'ERP'`, [EMAIL]))[0]!.status;
    const choose = async () => {
      await page.getByRole('combobox', { name: `Status ERP ${EMAIL}` }).click();
      await selectOptions(page).filter({ hasText: /^Blacklisted$/ }).click();
    };
    await choose();
    const question = confirmDialog(page, `Change the ERP account ${EMAIL} to Blacklisted?`);
    expect(await question.getByTestId('confirm-subject').innerText()).toMatch(new RegExp(`${EMAIL}[\\s\\S]*Enabled → Blacklisted`));
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await erpStatus()).toBe('ENABLED');

    await choose();
    await confirmDialog(page, `Change the ERP account ${EMAIL} to Blacklisted?`).getByRole('button', { name: 'OK' }).click();
    await expect.poll(erpStatus).toBe('BLACKLISTED');
  });

  it('is told to activate ERP first when activating WMS before the first ERP login', async () => {
    await page.getByTestId('merchant-accounts').getByRole('button', { name: 'Activate WMS' }).click();
    const notice = page.locator('.ant-notification-notice');
    await expect.poll(() => notice.innerText()).toContain('Please activate ERP first');
    const [wms] = await sql<{ activated_at: string | null }>(`select activated_at from merchant_accounts where email = %s and system = 'WMS'`, [EMAIL]);
    expect(wms!.activated_at).toBeNull();
  });

  it('unbinds a shop only after confirming, and the action history shows it', async () => {
    await page.getByRole('tab', { name: 'Shops' }).click();
    const shops = page.getByTestId('merchant-shops');
    await shops.getByRole('button', { name: 'Unbind' }).click();
    const question = confirmDialog(page, `Unbind the shop ${SHOP} from this merchant?`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect((await sql<{ bound: boolean }>(`select bound from shops where name = %s`, [SHOP]))[0]!.bound).toBe(true);

    await shops.getByRole('button', { name: 'Unbind' }).click();
    await confirmDialog(page, `Unbind the shop ${SHOP} from this merchant?`).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => shops.innerText()).toContain('Unbound');
    expect((await sql<{ bound: boolean }>(`select bound from shops where name = %s`, [SHOP]))[0]!.bound).toBe(false);

    await page.getByRole('tab', { name: 'Action history' }).click();
    await expect.poll(() => page.getByTestId('merchant-history').innerText()).toContain('Shop unbound');
  });
});
