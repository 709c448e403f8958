import { beforeAll, describe, expect, it } from 'vitest';
import { screenshotOnFailure } from './failures';
import { readXlsx } from './spreadsheet';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { createStaff, pick, selectOptions, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

const STAMP = Date.now().toString(36);
/** A support agent of this run: "my tickets" then holds exactly what the test submitted. */
const AGENT = { username: `agent.${STAMP}`, password: 'Agent-Desk-2026!' };
const TITLE = `Tokopedia stock not pushed ${STAMP}`;
const NEW_PATH = '/system/ticket/new';
const LIST_PATH = '/system/ticket/list';
const MINE_PATH = '/system/ticket/user-list';
/** A 1x1 PNG: enough for the upload API's type check. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PIXEL });

let ticketId = 0;

beforeAll(async () => {
  await createStaff(AGENT, 'support', 'Agent Desk');
});

screenshotOnFailure('ticket-list', () => page);

const form = () => page.getByTestId('ticket-new-page');
const field = (label: string) => form().getByLabel(label, { exact: true });
const table = (name = 'tickets') => page.getByTestId(`${name}-table`);
const rows = (name = 'tickets') => table(name).locator('tbody tr.ant-table-row');
const ourRow = (name = 'tickets') => table(name).getByRole('row', { name: new RegExp(TITLE) });

/** Runs the search form and waits for the list it asked for; returns what it sent. The request is the one sent
 * after the click: the page's first list, asked for on opening, may still be answered after it on a busy machine. */
async function search(): Promise<Record<string, unknown>> {
  const asked = page.waitForRequest((request) => request.url().endsWith('/cms/ticket/search'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const request = await asked;
  await request.response();
  return request.postDataJSON() as Record<string, unknown>;
}

describe('tickets: new form, list and my tickets (SPEC §2, §5, §9)', () => {
  it('creates a ticket through the new form: browser rules, at most 4 images, then the ticket opens', async () => {
    page = await signedIn(browser, NEW_PATH, { account: AGENT });
    await form().getByRole('button', { name: 'Submit' }).click();
    await form().getByText('Title: this field is required').waitFor();
    await form().getByText('Category: this field is required').waitFor();
    await form().getByText('Issue level: this field is required').waitFor();

    await field('Title').fill(TITLE);
    await field('Description').fill('Stock changes of shop 42 have not reached Tokopedia since this morning.');
    // Categories and applications are picked from their managed lists (the ticket settings screens).
    await pick(page, form().getByRole('combobox', { name: 'Category' }), 'Stock');
    await pick(page, form().getByRole('combobox', { name: 'Application' }), 'OMS');
    await pick(page, form().getByRole('combobox', { name: 'Issue type' }), 'Product sync');
    // Issue levels are shown with the priority they stand for.
    const level = form().getByRole('combobox', { name: 'Issue level' });
    await level.fill('Severe');
    await selectOptions(page).filter({ hasText: 'Severe (P1)' }).waitFor();
    await level.press('Enter');
    await field('Issue account email').fill('not an email');
    await form().getByText('Issue account email: not a valid email address').waitFor();
    // Only the server knows this address is not valid: its refusal lands on the same field.
    await field('Issue account email').fill('seller42@example.com.');
    await form().getByRole('button', { name: 'Submit' }).click();
    await form().locator('.ant-form-item-explain-error').filter({ hasText: 'Issue account email: must be a valid email address' }).waitFor();
    expect(page.url()).toContain(NEW_PATH);
    await field('Issue account email').fill('seller42@example.com');

    // Five images picked at once: four are taken, the fifth is refused with a message.
    const chooser = page.getByTestId('ticket-images').locator('input[type=file]');
    await chooser.setInputFiles(['one', 'two', 'three', 'four', 'five'].map((name) => image(`${name}.png`)));
    await page.getByTestId('ticket-images-refused').getByText('Images: at most 4 images can be attached').waitFor();
    await expect.poll(() => page.getByTestId('ticket-images').locator('.ant-upload-list-item-done').count()).toBe(4);

    const added = page.waitForResponse((response) => response.url().endsWith('/cms/ticket/add'));
    await form().getByRole('button', { name: 'Submit' }).click();
    const reply = (await (await added).json()) as { code: string; data: { id: number } };
    expect(reply.code).toBe('SUCCESS');
    ticketId = reply.data.id;
    const sent = (await added).request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ title: TITLE, category: 'Stock', application: 'OMS', issueType: 'PRODUCT_SYNC', issueLevel: 'SEVERE', accountEmail: 'seller42@example.com' });
    expect(sent.attachments).toHaveLength(4);
    await page.waitForURL((url) => url.pathname === `/ticket/${ticketId}`);
  });

  it('finds the ticket by keyword and by status, with its level, status and SLA', async () => {
    page = await signedIn(browser, LIST_PATH, { account: AGENT });
    const keyword = page.getByRole('textbox', { name: 'Title or #id' });
    await keyword.fill(STAMP);
    expect(await search()).toEqual({ scope: 'ALL', keyword: STAMP, page: 1, pageSize: 20, sort: '-id' });
    await expect.poll(() => rows().count()).toBe(1);
    await ourRow().getByText('P1', { exact: true }).waitFor();
    await ourRow().getByText('New', { exact: true }).waitFor();
    // P1's first response is 30 minutes in work time (amber: due within 30 minutes), 60 outside it
    expect(['due', 'soon']).toContain(await ourRow().locator('[data-sla]').getAttribute('data-sla'));
    await ourRow().getByText(/^Due in \d+ (minutes|hours)$/).waitFor();

    // "#id" finds it too.
    await keyword.fill(`#${ticketId}`);
    expect(await search()).toMatchObject({ keyword: `#${ticketId}` });
    await expect.poll(() => rows().count()).toBe(1);
    await ourRow().waitFor();

    await keyword.fill(STAMP);
    const status = page.getByRole('combobox', { name: 'Status' });
    await pick(page, status, 'Closed');
    expect(await search()).toMatchObject({ scope: 'ALL', keyword: STAMP, status: ['CLOSED'] });
    await table().locator('.ant-empty-description').waitFor();

    await status.click();
    await page.keyboard.press('Backspace');
    await pick(page, status, 'New');
    expect(await search()).toMatchObject({ keyword: STAMP, status: ['NEW'] });
    expect(new URL(page.url()).searchParams.getAll('status')).toEqual(['NEW']);
    await expect.poll(() => rows().count()).toBe(1);
    await ourRow().waitFor();

    // Created today, by the range picker's preset.
    await page.getByPlaceholder('Start date').click();
    await page.locator('.ant-picker-presets').getByText('Today', { exact: true }).click();
    const today = await search();
    expect(today.createdAt).toHaveLength(2);
    await expect.poll(() => rows().count()).toBe(1);
    await ourRow().waitFor();

    // The server's export takes the same filters.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('tickets.xlsx');
    const [header = [], ...exported] = readXlsx((await file.path()));
    expect(header.slice(0, 5)).toEqual(['Ticket id', 'Title', 'Priority', 'Status', 'Category']);
    expect(exported).toHaveLength(1);
    expect(exported[0]?.slice(0, 5)).toEqual([ticketId, TITLE, 'P1', 'New', 'Stock']);
  });

  it('names the assignee picked in the address, even one the picker would not offer (disabled)', async () => {
    const admin = await tokenFor();
    const username = `gone.${STAMP}`;
    const gone = await api<{ id: number }>('POST', 'user/add', {
      username, realName: 'Gone Agent', displayName: 'Gone Agent', email: `${username}@omp.local`,
      password: AGENT.password, roleIds: [], status: 'DISABLED',
    }, admin);
    expect(gone.code, gone.message).toBe('SUCCESS');
    page = await signedIn(browser, `${LIST_PATH}?assigneeId=${gone.data.id}`, { account: AGENT });
    const filter = page.locator('.ant-form-item', { has: page.getByRole('combobox', { name: 'Assignee' }) });
    await expect.poll(() => filter.innerText()).toContain(`Gone Agent (${username})`);
    // the bare id is not shown instead of the name (the username's own digits may contain it: leave the name out)
    const rest = (await filter.innerText()).replace(`Gone Agent (${username})`, '');
    expect(rest).not.toMatch(new RegExp(`(^|\\D)${gone.data.id}(\\D|$)`));
  });

  it('says "10,000+" once the server stopped counting the matches', async () => {
    page = await signedIn(browser, LIST_PATH, { account: AGENT });
    await page.getByText(/^\d+ in total$/).waitFor();
    // Ten thousand tickets are not made for this: the reply is told it was capped.
    await page.route('**/cms/ticket/search', async (route) => {
      const response = await route.fetch();
      const reply = (await response.json()) as { data: { total: number; totalCapped: boolean } };
      await route.fulfill({ response, json: { ...reply, data: { ...reply.data, total: 10_000, totalCapped: true } } });
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('10,000+ in total').waitFor();
  });

  it('shows the ticket under My tickets as submitted by me, not as assigned to me', async () => {
    page = await signedIn(browser, MINE_PATH, { account: AGENT });
    await page.getByRole('tab', { name: 'Submitted by me', selected: true }).waitFor();
    await expect.poll(() => rows('my-tickets').count()).toBe(1);
    await ourRow('my-tickets').waitFor();

    await page.getByRole('tab', { name: 'Assigned to me' }).click();
    await page.waitForURL((url) => url.searchParams.get('scope') === 'ASSIGNED');
    await table('my-tickets').locator('.ant-empty-description').waitFor();
  });

  it('opens the ticket from its row', async () => {
    page = await signedIn(browser, `${MINE_PATH}?scope=MINE`, { account: AGENT });
    // A cell that is no link (the priority): the row itself opens the ticket.
    await ourRow('my-tickets').locator('td').nth(2).click();
    await page.waitForURL((url) => url.pathname === `/ticket/${ticketId}`);
    await page.getByTestId('ticket-title').getByText(`#${ticketId} ${TITLE}`).waitFor();
  });
});
