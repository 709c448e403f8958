import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from './console';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('deploy-task-form', () => page);

interface AuthorityNode { id: number; identifier: string; children: AuthorityNode[] }
const flatten = (nodes: AuthorityNode[]): AuthorityNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

/** A staff member whose role holds the deploy task form's screens but neither deploy#add nor deploy#edit. */
async function formReader(): Promise<{ username: string; password: string }> {
  const admin = await tokenFor();
  const tree = await api<AuthorityNode[]>('GET', 'authority/tree-list', undefined, admin);
  const byIdentifier = new Map(flatten(tree.data).map((node) => [node.identifier, node.id]));
  const grants = ['system', 'system-audit', 'review-created', 'review-modify'].flatMap((key) => byIdentifier.get(key) ?? []);
  expect(grants).toContain(byIdentifier.get('review-created'));
  const stamp = Date.now();
  const role = await api<{ id: number }>('POST', 'role/add', { name: `Deploy readers ${stamp}`, authorityIds: grants }, admin);
  expect(role.code, role.message).toBe('SUCCESS');
  const account = { username: `deployreader${stamp}`, password: 'Deploy-Reader-2026!' };
  const user = await api('POST', 'user/add', {
    username: account.username, realName: 'Deploy Reader', displayName: 'Reader', email: `${account.username}@omp.local`,
    password: account.password, roleIds: [role.data.id],
  }, admin);
  expect(user.code, user.message).toBe('SUCCESS');
  return account;
}

describe('the deploy task form (/review/created) shows its save button only to who may save (SPEC §6)', () => {
  it('says the form cannot be saved, and offers no button, to a holder of the screen without deploy#add', async () => {
    page = await signedIn(browser, '/review/created', { account: await formReader() });
    await page.getByTestId('task-save-forbidden').waitFor();
    expect(await page.getByRole('button', { name: 'Submit for review' }).count()).toBe(0);
    expect(await page.getByTestId('task-save-forbidden').innerText()).toContain('Ask an administrator');
  });

  it('offers the button to a holder of deploy#add', async () => {
    page = await signedIn(browser, '/review/created');
    await page.getByRole('button', { name: 'Submit for review' }).waitFor();
    expect(await page.getByTestId('task-save-forbidden').count()).toBe(0);
  });
});
