import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { api } from './console';
import { signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('narrow-roles', () => page);

const STAMP = Date.now().toString(36);
const READER = { username: `list.reader.${STAMP}`, password: 'List-Reader-2026!' };
const ALL_PATH = '/operation/accounts/accounts/ginee-account';
const EMAIL = `narrow${STAMP}@shop.example`;

/** A role that may list merchants (and filter them) but not open the merchant's own page. */
beforeAll(async () => {
  const admin = await tokenFor();
  const [role] = await sql<{ id: number }>(`insert into roles (name, role_type, status, is_super) values (%s, 'CUSTOM', 'ENABLED', false) returning id`, [`List reader ${STAMP}`]);
  await sql(`insert into role_authorities (role_id, authority_id) select %s, id from authorities where identifier = 'ginee-account'`, [role!.id]);
  const user = await api<{ id: number }>('POST', 'user/add', {
    username: READER.username, realName: 'List reader', displayName: 'List reader', email: `${READER.username}@omp.local`,
    password: READER.password, roleIds: [role!.id],
  }, admin);
  expect(user.code, user.message).toBe('SUCCESS');
  await sql(
    `insert into merchants (email, phone, country, registration_source, package_state) values (%s, %s, 'ID', 'SYS_ERP', 'NOT_PAID') returning id`,
    [EMAIL, `+62813${Date.now().toString().slice(-8)}`],
  );
});

describe('roles see what they can use', () => {
  it('a reader of the merchant list without the merchant page gets no View, and the group filter answers', async () => {
    page = await signedIn(browser, `${ALL_PATH}?email=${encodeURIComponent(EMAIL)}`, { account: READER });
    const rows = page.getByTestId('merchants-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByRole('button', { name: 'View' }).count()).toBe(0);
    // the group filter's options answer this reader (they were refused: "No data")
    const status = await page.evaluate(async () => (await fetch('/cms/whatsapp-group/options', { credentials: 'include' })).status);
    expect(status).toBe(200);
  });
});
