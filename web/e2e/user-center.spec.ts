import { describe, expect, it } from 'vitest';
import { screenshotOnFailure } from './failures';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api, at } from './console';
import { choose, openFromMenu, rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('user-center', () => page);

const STAMP = Date.now().toString(36);
const ROLE = `Courier desk ${STAMP}`;
const ACCOUNT = { username: `courier.${STAMP}`, password: 'Courier-Desk-2026!' };
const ROLES_PATH = '/user-center/role';
const USERS_PATH = '/user-center/user';
const AUDIT_PATH = '/system/audit/audit-log';

const dialog = () => page.getByRole('dialog');
const field = (label: string) => dialog().getByLabel(label, { exact: true });
const explain = (text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });

/** Opens a select by its label, types to narrow it and picks the option. */
async function pick(label: string, option: string): Promise<void> {
  await choose(page, field(label), option);
}

/** The transaction id of the user creation, read from the reply the page got. */
let creationTransactionId = '';

describe('an admin limits a new user to some menus (SPEC §2, §6: the server decides)', () => {
  it('creates a role that sees only logistics configuration, from the role screen and its permission editor', async () => {
    page = await signedIn(browser, ROLES_PATH);
    await page.getByTestId('roles-page').getByRole('button', { name: 'Add' }).click();
    await field('Name').fill(ROLE);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();

    await page.getByTestId('roles-page').getByRole('textbox', { name: 'Name' }).fill(ROLE);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('roles-table').locator('tr', { hasText: ROLE });
    await rowAction(page, row, 'Permissions');

    const drawer = page.getByTestId('grant-drawer');
    // The tree fills the drawer: it ends where the drawer's body ends, not at a fixed height above it.
    const tree = drawer.locator('.ant-tree-list-holder').first();
    await tree.waitFor();
    const body = await drawer.locator('.ant-drawer-body').boundingBox();
    const treeBox = await tree.boundingBox();
    expect(body!.y + body!.height - (treeBox!.y + treeBox!.height)).toBeLessThan(48);

    await drawer.getByRole('searchbox', { name: 'Search by name or identifier' }).fill('logistics-configuration');
    const node = (identifier: string) => drawer.locator('.ant-tree-treenode', { has: page.getByText(identifier, { exact: true }) });
    await node('logistics-configuration').locator('.ant-tree-checkbox').click();
    await drawer.getByText(/^\d+ authorities? checked/).filter({ hasNotText: /^0 / }).waitFor();
    // The menu comes without its action buttons, which are chosen one by one; the deleting one is flagged.
    expect(await node('logistics#add').locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await node('logistics#delete').locator('[data-sensitive]').getByText('Sensitive').waitFor();
    expect(await node('logistics#add').locator('[data-sensitive]').count()).toBe(0);
    // "Order" holds other screens too: partly granted, it shows half-checked.
    await node('oms-order').locator('.ant-tree-checkbox-indeterminate').waitFor();
    await node('logistics#export').locator('.ant-tree-checkbox').click();
    await node('logistics#export').locator('.ant-tree-checkbox-checked').waitFor();
    await drawer.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('Permissions saved.').waitFor();
    await expect.poll(async () => (await row.locator('td').allInnerTexts()).join('|')).toMatch(/\|0\|[1-9]\d*\|/);
  });

  it('creates a user with that role; a duplicate email is refused on its field', async () => {
    page = await signedIn(browser, USERS_PATH);
    await page.getByTestId('users-page').getByRole('button', { name: 'Add' }).click();
    await field('Username').fill(ACCOUNT.username);
    await field('Real name').fill('Courier Desk');
    await field('Display name').fill('Courier desk');
    await field('Email').fill('admin@omp.local');
    await field('Mobile').fill('0812345678');
    await field('Password').fill('short');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await explain('Mobile: 11 digits').waitFor();
    await explain('Password: 10 to 26 characters').waitFor();

    await field('Mobile').fill(`0812${String(Date.now()).slice(-7)}`);
    await field('Password').fill(ACCOUNT.password);
    await pick('Roles', ROLE);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await explain('Email: the value "admin@omp.local" is already in use').waitFor();

    await field('Email').fill(`${ACCOUNT.username}@omp.local`);
    const created = page.waitForResponse((response) => response.url().endsWith('/cms/user/add') && response.ok());
    await dialog().getByRole('button', { name: 'Save' }).click();
    creationTransactionId = ((await (await created).json()) as { transactionId: string }).transactionId;
    await page.getByText('Saved.').waitFor();
    await page.getByTestId('users-table').locator('tr', { hasText: ACCOUNT.username }).getByText(ROLE).waitFor();
  });

  it('that user, signed in elsewhere, sees only those menus and is refused by the API for the rest', async () => {
    page = await browser.freshPage();
    await page.goto(at('/login'));
    await page.getByLabel('Username or email').fill(ACCOUNT.username);
    await page.getByLabel('Password').fill(ACCOUNT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/home');

    const sidebar = page.getByTestId('sidebar');
    const entries = async () => (await sidebar.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
    await expect.poll(entries).toEqual(['Home', 'Operation']);
    await openFromMenu(page, 'Operation', 'Ginee OMS', 'Order', 'Logistics configuration');
    await expect.poll(entries).toEqual(['Home', 'Operation', 'Ginee OMS', 'Order', 'Logistics configuration']);
    await page.getByTestId('couriers-table').locator('tr.ant-table-row').first().waitFor();

    // The page's own script cannot read the session token (HttpOnly); a call it makes with the CSRF proof is
    // still refused for want of the permission, and one without the proof is refused before that.
    const calls = await page.evaluate(async () => {
      const proof = decodeURIComponent(document.cookie.split('; ').find((item) => item.startsWith('genie_cms_csrf='))!.split('=')[1]!);
      const search = (headers: Record<string, string>) =>
        fetch('/cms/user/search', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' }).then(
          async (reply) => ({ status: reply.status, code: ((await reply.json()) as { code: string }).code }),
        );
      return {
        tokenReadable: document.cookie.includes('genie_cms_token='),
        withProof: await search({ 'X-CSRF-Token': proof }),
        withoutProof: await search({}),
      };
    });
    expect(calls).toEqual({
      tokenReadable: false,
      withProof: { status: 403, code: 'NO_PERMISSION' },
      withoutProof: { status: 403, code: 'CSRF_FAILED' },
    });

    // The admin takes the screen away while it is open: the next call is refused, and says so.
    const admin = await tokenFor();
    const roles = await api<{ items: { id: number }[] }>('POST', 'role/search', { name: ROLE }, admin);
    const tree = await api<{ id: number; identifier: string; children: unknown[] }[]>('GET', 'authority/tree-list', undefined, admin);
    const find = (nodes: { id: number; identifier: string; children: unknown[] }[]): number | undefined =>
      nodes.map((node) => (node.identifier === 'logistics-configuration' ? node.id : find(node.children as never))).find(Boolean);
    const revoked = await api('GET', `authority/delete-role-authority?authorityId=${find(tree.data)}&roleId=${roles.data.items[0]!.id}`, undefined, admin);
    expect(revoked.code, revoked.message).toBe('SUCCESS');

    await page.getByTestId('couriers-page').getByRole('button', { name: 'Refresh' }).click();
    const notice = page.locator('.ant-notification-notice', { has: page.getByTestId('api-error') });
    await notice.getByText('No permission, please contact the administrator').waitFor();
    expect(await notice.getByTestId('api-error').innerText()).toMatch(/Transaction ID: [0-9a-f]{32}/);
  });

  it('the audit log shows who created the user, with its transaction id and the field-level diff', async () => {
    page = await signedIn(browser, AUDIT_PATH);
    const search = page.getByTestId('audit-search');
    await search.getByRole('textbox', { name: 'Transaction ID' }).fill(creationTransactionId);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('audit-table').locator('tr.ant-table-row', { hasText: creationTransactionId });
    await row.waitFor();
    const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim());
    expect(cells).toEqual(expect.arrayContaining(['Add user', 'admin', creationTransactionId]));

    await row.getByRole('button', { name: 'View' }).click();
    const detail = page.getByTestId('audit-detail');
    await detail.getByText(creationTransactionId, { exact: true }).first().waitFor();
    const diff = detail.getByTestId('audit-changes');
    await diff.getByText('User #', { exact: false }).first().waitFor();
    const username = diff.locator('tr', { has: page.getByText('username', { exact: true }) });
    // The field by its label in the reader's language, with the stored name beside it.
    expect((await username.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual(['Username username', '', ACCOUNT.username]);
    expect(await detail.getByText(ACCOUNT.password).count()).toBe(0);
  });

  it("refuses an audit range over 92 days in the form: 'selected time cannot exceed 92 days'", async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('audit-detail').waitFor({ state: 'hidden' });
    const search = page.getByTestId('audit-search');
    const start = search.locator('.ant-picker-range input').first();
    await start.click();
    await start.fill('2020-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await explain('Selected time cannot exceed 92 days').waitFor();
  });
});

describe('departments (SPEC §3: name, full name, leader, parent)', () => {
  it('refuses to put a department below one of its own, with the reason on the parent field', async () => {
    const admin = await tokenFor();
    const parent = await api<{ id: number }>('POST', 'department/add', { name: `Ops ${STAMP}`, fullName: `Operations ${STAMP}` }, admin);
    const child = await api<{ id: number }>('POST', 'department/add', { name: `Hub ${STAMP}`, fullName: `Hub ${STAMP}`, parentId: parent.data.id }, admin);
    expect(child.code, child.message).toBe('SUCCESS');

    page = await signedIn(browser, '/user-center/department');
    const tree = page.getByTestId('departments-tree');
    await tree.locator('tr', { hasText: `Operations ${STAMP}` }).getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => field('Name').inputValue()).toBe(`Ops ${STAMP}`);
    await field('Parent department').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: `Hub ${STAMP}` }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await explain('Parent: a department cannot sit below itself').waitFor();
  });
});

describe('change password (SPEC §5)', () => {
  it("asks for the old password and a matching repeat ('Two passwords don't match'), then logs the other sessions out", async () => {
    const otherSession = await tokenFor(ACCOUNT, true);
    page = await signedIn(browser, '/user/center', { account: ACCOUNT, fresh: true });
    const form = page.locator('form[id="change-password"]');
    const submit = () => form.getByRole('button', { name: 'Change password' }).click();
    await submit();
    await explain('Old password: this field is required').waitFor();

    await form.getByLabel('Old password', { exact: true }).fill('Not-My-Pass-2026!');
    await form.getByLabel('New password', { exact: true }).fill('Another-Pass-2026!');
    await form.getByLabel('Repeat the new password', { exact: true }).fill('Another-Pass-2027!');
    await submit();
    await explain("Two passwords don't match").waitFor();

    await form.getByLabel('Repeat the new password', { exact: true }).fill('Another-Pass-2026!');
    await submit();
    await explain('Old password: the old password is incorrect').waitFor();

    await form.getByLabel('Old password', { exact: true }).fill(ACCOUNT.password);
    await submit();
    await page.getByText('Password changed. Your other sessions have been logged out.').waitFor();
    expect((await api('GET', 'user/info', undefined, otherSession)).status).toBe(401);
    await page.reload();
    await page.getByTestId('profile-page').getByText(ACCOUNT.username, { exact: true }).waitFor();
  });
});
