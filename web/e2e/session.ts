import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, at } from './console';
import type { TestBrowser } from './browser';

export const ADMIN = { username: 'admin', password: process.env.OMP_ADMIN_PASSWORD || 'Omp-Admin-2026!' };

const tokens = new Map<string, string>();

/** A session token for the account, asked once a test file (`fresh`: a session of its own, to log out of). */
export async function tokenFor(account: { username: string; password: string } = ADMIN, fresh = false): Promise<string> {
  const known = tokens.get(account.username);
  if (known && !fresh) return known;
  const reply = await api<{ token: string }>('POST', 'auth/login', { ...account, rememberMe: false });
  expect(reply.code, `login as ${account.username}: ${reply.message}`).toBe('SUCCESS');
  if (!fresh) tokens.set(account.username, reply.data.token);
  return reply.data.token;
}

/** `path` with a token in its address (SPEC §4), which the page hands to the server for its cookies. */
export function withToken(path: string, token: string): string {
  const url = new URL(at(path));
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * A fresh browser tab already signed in, opened at `path` with the account's token in the address: the page
 * hands it to the server, which sets the HttpOnly session cookie and the CSRF proof as a login would.
 * `shell: false` for a page shown outside the shell (health, info).
 */
export async function signedIn(
  browser: TestBrowser,
  path: string,
  options: {
    account?: { username: string; password: string };
    viewport?: { width: number; height: number };
    fresh?: boolean;
    shell?: boolean;
  } = {},
): Promise<Page> {
  const token = await tokenFor(options.account, options.fresh);
  const page = await browser.freshPage({ viewport: options.viewport });
  await page.goto(withToken(path, token));
  if (options.shell !== false) await page.getByTestId('shell').waitFor();
  return page;
}

export const COURIERS_PATH = '/operation/ginee-oms/order/logistics-configuration';
export const ORDERS_PATH = '/operation/ginee-oms/order/order-list';

/** Opens a screen through the sidebar, one menu group after another. */
export async function openFromMenu(page: Page, ...labels: string[]): Promise<void> {
  await openIn(page.getByTestId('sidebar'), ...labels);
}

/** Opens a screen through a menu (the sidebar or the mobile drawer), one group after another. */
export async function openIn(menu: Locator, ...labels: string[]): Promise<void> {
  for (const label of labels.slice(0, -1)) {
    const group = menu.getByRole('menuitem', { name: label, exact: true });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
  }
  await menu.getByRole('menuitem', { name: labels[labels.length - 1], exact: true }).click();
}

/** The text of the tabs in the tabs view, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId('tabs-view').locator('[data-tab-path]').allInnerTexts()).map((t) => t.trim());
}

/** A second-confirmation dialog (Ant Design's confirm) by its question. */
export function confirmDialog(page: Page, question: string) {
  return page.locator('.ant-modal-confirm', { has: page.locator('.ant-modal-confirm-title', { hasText: question }) });
}

/** The visible options of an open select or search box. A closed dropdown can keep its options in the page without
 * the hidden mark (seen: a multiple select closed with Escape), and one closing shows them until its leave animation
 * ends; only what is shown and staying counts. Where the select is known, `optionsOf` is exact. */
export function selectOptions(page: Page) {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"]) .ant-select-item-option')
    .filter({ visible: true });
}

/** The options shown by `combobox`'s own dropdown, open: another select's dropdown may still be closing in the page
 *  (its leave animation), showing options of the same text. */
export async function optionsOf(page: Page, combobox: Locator): Promise<Locator> {
  const list = await combobox.and(page.locator('[aria-controls]')).getAttribute('aria-controls');
  return page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option').filter({ visible: true });
}

/** Chooses `value` in a searchable select: types it, waits for the option, takes it with Enter. */
export async function pick(page: Page, combobox: Locator, value: string): Promise<void> {
  await combobox.fill(value);
  await (await optionsOf(page, combobox)).filter({ hasText: new RegExp(`^${value}$`) }).first().waitFor();
  await combobox.press('Enter');
}

/** Chooses in a record picker (a merchant by email, a warehouse by name, a shelf by code): types `typed`, takes the
 *  first option showing `shown` (by default what was typed). */
export async function choose(page: Page, combobox: Locator, typed: string, shown = typed): Promise<void> {
  await combobox.fill(typed);
  const option = (await optionsOf(page, combobox)).filter({ hasText: shown }).first();
  await option.waitFor();
  await option.click();
}

/** Runs a row's action: one of its first two links, or an entry of its "More" menu. */
export async function rowAction(page: Page, row: Locator, name: string): Promise<void> {
  const link = row.getByTestId('row-actions').getByRole('button', { name, exact: true });
  if (await link.count()) return link.click();
  await row.getByTestId('row-actions').getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/**
 * A staff account of this run with one of the built-in roles (support: every ticket button; sales: a reporter's;
 * warehouse: its own screens), added by admin; `more` sets other fields of the new user. Returns its id.
 */
export async function createStaff(
  account: { username: string; password: string },
  roleCode: string,
  displayName: string,
  more: Record<string, unknown> = {},
): Promise<number> {
  const admin = await tokenFor();
  const roles = await api<{ id: number; code: string }[]>('GET', 'role/options', undefined, admin);
  const role = roles.data.find((candidate) => candidate.code === roleCode);
  expect(role, `the built-in role ${roleCode}`).toBeDefined();
  const created = await api<{ id: number }>('POST', 'user/add', {
    username: account.username, realName: displayName, displayName, email: `${account.username}@omp.local`,
    password: account.password, roleIds: [role!.id], ...more,
  }, admin);
  expect(created.code, created.message).toBe('SUCCESS');
  return created.data.id;
}
