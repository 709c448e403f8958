import { describe, expect, it } from 'vitest';
import { screenshotOnFailure } from './failures';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { selectOptions, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('audit', () => page);

const STAMP = Date.now().toString(36);
const AUDIT_PATH = '/system/audit/audit-log';
const EVENTS_PATH = '/system/audit/event-tracking';
const dialog = () => page.getByRole('dialog');

/** Downloads what the Export button of `scope` sends, and checks it is an xlsx file of that name. */
async function exported(scope: ReturnType<Page['getByTestId']>, url: string, filename: string): Promise<Record<string, unknown>> {
  const sent = page.waitForRequest((request) => request.url().endsWith(url));
  const download = page.waitForEvent('download');
  await scope.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(filename);
  expect((await readFile((await file.path()))).subarray(0, 2).toString()).toBe('PK');
  return (await sent).postDataJSON() as Record<string, unknown>;
}

describe('audit log (SPEC §3 action mapping, §5)', () => {
  it('names rows by an action mapping made on the screen, and exports the search as xlsx', async () => {
    // A department no one has: its own URL, so the mapping is new on every run against the same console.
    const ghost = Number(String(Date.now()).slice(-9));
    page = await signedIn(browser, AUDIT_PATH);
    await page.getByRole('tab', { name: 'Action mappings' }).click();
    const mappings = page.getByTestId('action-mappings-page');
    await mappings.getByRole('button', { name: 'Add' }).click();
    await dialog().getByLabel('Action', { exact: true }).fill(`Delete ghost department ${STAMP}`);
    await dialog().getByLabel('Application', { exact: true }).fill('GENIE_CMS');
    await dialog().getByLabel('URL pattern (* and {id})', { exact: true }).fill(`/cms/department/delete/${ghost}`);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();

    const refused = await api('DELETE', `department/delete/${ghost}`, undefined, await tokenFor());
    expect(refused.status).toBe(404);

    await page.getByRole('tab', { name: 'Operation log' }).click();
    const search = page.getByTestId('audit-search');
    await search.getByRole('textbox', { name: 'Transaction ID' }).fill(refused.transactionId);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('audit-table').locator('tr.ant-table-row', { hasText: refused.transactionId });
    await row.getByText(`Delete ghost department ${STAMP}`).waitFor();
    await row.getByText(`404 ${refused.code}`).waitFor();

    const body = await exported(search, '/cms/audit/export', 'audit-log.xlsx');
    expect(body).toMatchObject({ transactionId: refused.transactionId });
    expect(Date.parse(String(body.endTime)) - Date.parse(String(body.startTime))).toBeLessThanOrEqual(92 * 86_400_000);
  });
});

describe('audit log reading', () => {
  it('keeps its filters in the address and shows an authority change as added and removed items, named in words', async () => {
    const admin = await tokenFor();
    const tree = await api<{ id: number; identifier: string; children: unknown[] }[]>('GET', 'authority/tree-list', undefined, admin);
    const find = (nodes: { id: number; identifier: string; children: unknown[] }[], identifier: string): number | undefined =>
      nodes.map((node) => (node.identifier === identifier ? node.id : find(node.children as never, identifier))).find(Boolean);
    const role = await api<{ id: number }>('POST', 'role/add', { name: `Audit diff ${STAMP}`, authorityIds: [find(tree.data, 'logistics#add')] }, admin);
    expect(role.code, role.message).toBe('SUCCESS');
    const changed = await api('POST', 'role/set-authorities', { roleId: role.data.id, authorityIds: [find(tree.data, 'logistics#export')] }, admin);
    expect(changed.code, changed.message).toBe('SUCCESS');

    // The operator is picked from the users, searched by name, as a ticket's assignee is.
    const me = await api<{ id: number; username: string; displayName: string }>('GET', 'user/info', undefined, admin);
    const operatorLabel = `${me.data.displayName} (${me.data.username})`;
    page = await signedIn(browser, AUDIT_PATH);
    const search = page.getByTestId('audit-search');
    const operator = search.getByRole('combobox', { name: 'Operator' });
    const asked = page.waitForRequest((request) => request.url().includes('/cms/user/options?keyword=admin'));
    await operator.fill('admin');
    await asked;
    await selectOptions(page).filter({ hasText: operatorLabel }).click();
    await search.getByRole('textbox', { name: 'Transaction ID' }).fill(changed.transactionId);
    const searched = page.waitForRequest((request) => request.url().endsWith('/cms/audit/search'));
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    expect(Number((await searched).postDataJSON().operatorId)).toBe(me.data.id);
    await page.waitForURL((url) => url.searchParams.get('audit.operatorId') === String(me.data.id));

    await page.reload();
    const row = page.getByTestId('audit-table').locator('tr.ant-table-row', { hasText: changed.transactionId });
    await row.getByText('Grant authorities to role').waitFor();
    const field = page.getByTestId('audit-search').locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Operator' }) });
    await field.getByText(operatorLabel, { exact: true }).waitFor();

    await row.getByRole('button', { name: 'View' }).click();
    const changes = page.getByTestId('audit-changes');
    await changes.locator('[data-change="added"]', { hasText: 'logistics#export' }).waitFor();
    await changes.locator('[data-change="removed"]', { hasText: 'logistics#add' }).waitFor();
  });
});

describe('event tracking (SPEC §3: event id, merchant id, user or client id, device info, extra key and value)', () => {
  it('finds reported events and exports them', async () => {
    const eventId = `checkout-${STAMP}`;
    const reported = await api('POST', 'event-tracking/report', [
      { eventId, merchantId: 'M-1', userId: 'U-1', deviceInfo: { os: 'Android' }, extraKey: 'plan', extraValue: 'pro' },
      { eventId, merchantId: 'M-2', clientId: 'C-9', extraKey: 'plan', extraValue: 'basic' },
    ], await tokenFor());
    expect(reported.code, reported.message).toBe('SUCCESS');

    page = await signedIn(browser, EVENTS_PATH);
    const search = page.getByTestId('event-tracking-search');
    await search.getByRole('textbox', { name: 'Event ID' }).fill(eventId);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByTestId('event-tracking-table').locator('tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: 'M-1' }).getByText('U-1').waitFor();
    await rows.filter({ hasText: 'M-2' }).getByText('C-9').waitFor();

    expect(await exported(search, '/cms/event-tracking/export', 'events.xlsx')).toMatchObject({ eventId });
  });
});
