import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api, at } from './console';
import { COURIERS_PATH, signedIn, tokenFor } from './session';
import { screenshotOnFailure } from './failures';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('forbidden', () => page);

interface AuthorityNode {
  id: number;
  identifier: string;
  children: AuthorityNode[];
}

const flatten = (nodes: AuthorityNode[]): AuthorityNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

/** A staff member whose only role holds the couriers screen; the role's id, to withdraw it later. */
async function courierClerk(): Promise<{ account: { username: string; password: string }; roleId: number; grants: number[] }> {
  const admin = await tokenFor();
  const tree = await api<AuthorityNode[]>('GET', 'authority/tree-list', undefined, admin);
  const byIdentifier = new Map(flatten(tree.data).map((node) => [node.identifier, node.id]));
  const grants = ['operation', 'ginee-oms', 'oms-order', 'logistics-configuration'].flatMap((key) => byIdentifier.get(key) ?? []);
  expect(grants).toContain(byIdentifier.get('logistics-configuration'));
  const stamp = Date.now();
  const role = await api<{ id: number }>('POST', 'role/add', { name: `Courier clerks ${stamp}`, authorityIds: grants }, admin);
  expect(role.code, role.message).toBe('SUCCESS');
  const account = { username: `clerk${stamp}`, password: 'Clerk-Staff-2026!' };
  const user = await api('POST', 'user/add', {
    username: account.username, realName: 'Courier Clerk', displayName: 'Clerk', email: `${account.username}@omp.local`,
    password: account.password, roleIds: [role.data.id],
  }, admin);
  expect(user.code, user.message).toBe('SUCCESS');
  return { account, roleId: role.data.id, grants };
}

describe('forbidden is not missing (SPEC §2: /401 and /404; §6: contact the administrator)', () => {
  it('shows the 401 page inside the shell for a screen the user may not open, keeping its address', async () => {
    const { account } = await courierClerk();
    page = await signedIn(browser, '/user-center/user?status=ENABLED', { account });
    const forbidden = page.getByTestId('shell').getByTestId('forbidden');
    await forbidden.getByText('Contact the administrator', { exact: false }).waitFor();
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe('/user-center/user?status=ENABLED');

    // A ticket, hidden route with a parameter: forbidden too; an address no screen has is missing.
    await page.goto(at('/ticket/12345'));
    await page.getByTestId('forbidden').waitFor();
    expect(new URL(page.url()).pathname).toBe('/ticket/12345');
    await page.goto(at('/no/such/page'));
    await page.waitForURL((address) => address.pathname === '/404');
  });

  it('says so on the next call when the screen\'s permission is withdrawn while it is open', async () => {
    const { account, roleId } = await courierClerk();
    page = await signedIn(browser, COURIERS_PATH, { account, fresh: true });
    const table = page.getByTestId('couriers-table');
    await table.getByRole('cell', { name: 'Ninja Van' }).first().waitFor();

    const withdrawn = await api('POST', 'role/set-authorities', { roleId, authorityIds: [] }, await tokenFor());
    expect(withdrawn.code, withdrawn.message).toBe('SUCCESS');
    await page.getByTestId('couriers-page').getByRole('button', { name: 'Refresh' }).click();

    await page.getByTestId('forbidden').getByText('has been withdrawn', { exact: false }).waitFor();
    expect(await table.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(COURIERS_PATH);
  });
});
