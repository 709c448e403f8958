import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from './console';
import { sql } from './database';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { choose, pick, rowAction, signedIn, tokenFor } from './session';

/**
 * The whole journey of a paid plan (docs/plans.md, docs/subscriptions.md): an operator creates an ERP package
 * (with its reminder and interception orders), binds its permissions and enables it; subscribes a merchant to it
 * with the second confirmation (free days beyond the package's offer refused at Next, Next waiting for the payment
 * screenshot's upload, one amount shown); another dialog of the same receipt is refused naming the request; another
 * person approves; the merchant then shows the new plan, its expire date and its subscription record, and its flows
 * link to the Temporal Web UI.
 */
const browser = specBrowser();
let page: Page;

screenshotOnFailure('merchant-journey', () => page);

const STAMP = Date.now().toString().slice(-8);
const PACKAGE = `Journey Pro ${STAMP}`;
const DISPLAY = `Journey ${STAMP}`; // the name the subscribe dialog offers
const EMAIL = `plan${STAMP}@shop.example`;
const APPROVER = { username: `approver.${STAMP}`, password: 'Approve-Plans-2026!' };
const PACKAGES_PATH = '/operation/manage-accounts/saas-management/erp/package-permission';
const RECEIPT = `RCPT ${STAMP}`;
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let merchantId = 0;
let requestId = 0;

/** The instant a cell shows as `YYYY-MM-DD HH:mm:ss GMT+hh:mm`, in milliseconds (NaN for anything else). */
function shownInstant(text: string): number {
  const [date, time, zone] = text.trim().split(' ');
  return new Date(`${date}T${time}${(zone ?? '').replace('GMT', '')}`).getTime();
}

const detailPath = (id: number) => `/operation/ginee-iam/genie-iam-detail?id=${id}`;
const packageRow = () => page.locator('tbody tr.ant-table-row', { hasText: PACKAGE });

beforeAll(async () => {
  // A merchant who never paid, with its accounts (the merchant list's own set-up does the same).
  const [merchant] = await sql<{ id: number }>(
    `insert into merchants (email, phone, country, registration_source, package_state) values (%s, %s, 'ID', 'SYS_ERP', 'NOT_PAID') returning id`,
    [EMAIL, `+62813${STAMP}`],
  );
  merchantId = merchant!.id;
  for (const system of ['IAM', 'ERP', 'WMS']) {
    await sql(
      `insert into merchant_accounts (merchant_id, system, email, user_type, status, account_type, activated_at)
       values (%s, %s, %s, 'MERCHANT', 'ENABLED', 'OFFICIAL', now())`,
      [merchantId, system, EMAIL],
    );
  }
  // Another person who may approve, never the requester (the admin): a member of the built-in Finance role.
  const admin = await tokenFor();
  const roles = await api<{ id: number; code: string }[]>('GET', 'role/options', undefined, admin);
  const created = await api<{ id: number }>('POST', 'user/add', {
    username: APPROVER.username, realName: `Approver ${STAMP}`, displayName: `Approver ${STAMP}`, email: `${APPROVER.username}@omp.local`,
    password: APPROVER.password, roleIds: [roles.data.find((role) => role.code === 'finance')!.id],
  }, admin);
  expect(created.code, created.message).toBe('SUCCESS');
});

describe('create a package, bind its permissions, enable it, subscribe a merchant, approve: the merchant has the plan', () => {
  it('creates an ERP basic package for Indonesia, which starts disabled', async () => {
    page = await signedIn(browser, `${PACKAGES_PATH}/create/1`);
    const form = page.getByTestId('package-form');
    await form.getByLabel('Package name', { exact: true }).fill(PACKAGE);
    await form.getByLabel('Display name', { exact: true }).fill(DISPLAY);
    await pick(page, form.getByRole('combobox', { name: 'Plan' }), 'Pro');
    await pick(page, form.getByRole('combobox', { name: 'Payment period' }), '1 month');
    const country = page.getByTestId('country-0');
    await pick(page, country.getByRole('combobox', { name: 'Applicable country' }), 'Indonesia');
    await country.getByLabel('Amount excluding tax', { exact: true }).fill('450000');
    await form.getByLabel('Reminder orders', { exact: true }).fill('2500');
    await form.getByLabel('Intercepted orders', { exact: true }).fill('3000');
    await form.getByLabel('Effect after interception', { exact: true }).fill('New orders wait until renewal');
    const saved = page.waitForResponse((reply) => reply.url().includes('/cms/package/') && reply.request().method() === 'POST');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === PACKAGES_PATH);
    await expect.poll(async () => packageRow().innerText()).toContain('Disabled');
    const [terms] = await sql<{ reminder_orders: number; intercepted_orders: number; effect_after_interception: string }>(
      `select v.reminder_orders, v.intercepted_orders, v.effect_after_interception from packages p
       join package_versions v on v.package_id = p.id and v.version = p.current_version where p.name = %s`, [PACKAGE]);
    expect(terms).toEqual({ reminder_orders: 2500, intercepted_orders: 3000, effect_after_interception: 'New orders wait until renewal' });
    // SPEC §3 amounts in the list: amount, monthly amount (one month: the same), tax, total price, actual payment
    const headers = await page.getByTestId('packages-erp-table').locator('thead th').allInnerTexts();
    expect(headers.join('|')).toContain('Total price');
  });

  it('binds permissions from the system#feature tree, then enables the package', async () => {
    await rowAction(page, packageRow(), 'Permissions');
    const tree = page.getByTestId('feature-tree');
    await tree.locator('.ant-tree-checkbox:visible').first().click(); // a whole system: every feature under it
    await page.getByTestId('package-permissions').getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === PACKAGES_PATH);
    await rowAction(page, packageRow(), 'Enable');
    await expect.poll(async () => packageRow().innerText()).toContain('Enabled');
  });

  it('subscribes the merchant with the second confirmation; the request awaits approval', async () => {
    page = await signedIn(browser, detailPath(merchantId));
    await page.getByTestId('merchant-detail').getByRole('button', { name: 'Subscribe package' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByRole('combobox', { name: 'Packages' }), DISPLAY);
    await dialog.locator('.ant-modal-title').click(); // closes the options
    await dialog.getByLabel('Receipt number', { exact: true }).fill(RECEIPT);
    await dialog.getByLabel('Payment serial number', { exact: true }).fill(`SN-${STAMP}`);
    // the package offers no free days: more are refused at Next, naming the range, before anything is quoted
    await dialog.getByLabel('Free days', { exact: true }).fill('5');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('From 0 to 0 days, as many as the chosen packages offer').waitFor();
    await dialog.getByLabel('Free days', { exact: true }).fill('0');
    // a slow upload of the payment screenshot: Next waits for it and quotes the dialog with the stored file
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/cms/common/upload-file', async (route) => { await held; await route.continue(); });
    await dialog.locator('input[type=file]').setInputFiles([{ name: 'payment.png', mimeType: 'image/png', buffer: PIXEL }]);
    const quoted = page.waitForResponse((reply) => reply.url().endsWith('/cms/subscription/preview'));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.locator('.ant-btn-loading', { hasText: 'Next' }).waitFor(); // waiting for the upload
    release();
    const quote = await quoted;
    expect(quote.status()).toBe(200);
    expect(typeof (quote.request().postDataJSON() as { screenshotFileId: unknown }).screenshotFileId).toBe('number');
    await page.unroute('**/cms/common/upload-file');
    const confirmation = page.getByRole('dialog', { name: /second confirmation/ });
    await confirmation.getByText(DISPLAY).first().waitFor();
    // one amount: the line costs what the total says (count 1 × 450,000, no tax)
    const summary = await confirmation.innerText();
    expect(summary.match(/450,000/g)?.length).toBeGreaterThanOrEqual(3); // amount, actual payment total, the line
    // the dialog was only quoted so far: the confirmation submits it, confirmed
    const confirmed = page.waitForResponse((reply) => reply.url().endsWith('/cms/subscription/submit'));
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    const reply = await confirmed;
    expect(reply.status()).toBe(200);
    requestId = ((await reply.json()) as { data: { id: number } }).data.id;
    await confirmation.getByText('the request now awaits approval by another person').waitFor();
    await confirmation.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });

  it('refuses another dialog of the same receipt at Next, naming the request that holds it', async () => {
    await page.getByTestId('merchant-detail').getByRole('button', { name: 'Subscribe package' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByRole('combobox', { name: 'Packages' }), DISPLAY);
    await dialog.locator('.ant-modal-title').click();
    await dialog.getByLabel('Receipt number', { exact: true }).fill(RECEIPT);
    await dialog.getByLabel('Payment serial number', { exact: true }).fill(`SN-${STAMP}-2`);
    const refused = page.waitForResponse((reply) => reply.url().endsWith('/cms/subscription/preview'));
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect((await refused).status()).toBe(422);
    await dialog.getByText(`request #${requestId} holds it already`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('another person approves it on /approval/:id, which applies it', async () => {
    page = await signedIn(browser, `/approval/${requestId}`, { account: APPROVER });
    await page.getByRole('button', { name: 'Approve' }).click();
    const applied = page.waitForResponse((reply) => reply.url().endsWith(`/cms/subscription/${requestId}/approve`));
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /OK|Yes|Approve/ }).click();
    expect((await applied).status()).toBe(200);
    await expect.poll(() => page.getByText('Applied').count()).toBeGreaterThan(0);
  });

  it('the merchant shows the new plan and its expire date, and links its flows to the Temporal Web UI', async () => {
    page = await signedIn(browser, detailPath(merchantId));
    await expect.poll(() => page.getByTestId('merchant-summary').innerText()).toContain('Pro');
    await page.getByRole('tab', { name: 'Plan and flows' }).click();
    const panel = page.getByTestId('plan-flows');
    await expect.poll(() => panel.getByTestId('plan-name').innerText()).toBe('Pro');
    // One month from the approval (no free days), shown on the user's clocks: `2026-12-25 09:55:27 GMT+08:00`.
    const [plan] = await sql<{ expire_at: string; one_month: boolean }>(
      `select m.expire_at, m.expire_at = (s.effective_at at time zone 'UTC' + interval '1 month') at time zone 'UTC' as one_month
       from merchants m join subscriptions s on s.merchant_id = m.id where m.id = %s and s.request_id = %s`,
      [merchantId, requestId],
    );
    expect(plan!.one_month).toBe(true);
    await expect.poll(async () => shownInstant(await panel.getByTestId('plan-expire-at').innerText()))
      .toBe(Math.floor(new Date(plan!.expire_at).getTime() / 1000) * 1000);
    expect(await panel.getByRole('link', { name: /Plan flow in Temporal/ }).getAttribute('href')).toBe(`/temporal/namespaces/default/workflows/plan-${merchantId}`);
    const requestRow = panel.locator('.ant-table-tbody tr', { hasText: `#${requestId}` });
    await expect.poll(() => requestRow.innerText()).toContain('Applied');
    // the applied record is listed on the merchant: package, period, amount, status, applied at
    await page.getByRole('tab', { name: 'Subscription records' }).click();
    const record = page.getByTestId('merchant-subscriptions').locator('.ant-table-tbody tr', { hasText: `#${requestId}` });
    await expect.poll(() => record.innerText()).toContain(DISPLAY);
    const text = await record.innerText();
    expect(text).toContain('Active');
    expect(text).toContain('450,000 IDR');
  });
});
