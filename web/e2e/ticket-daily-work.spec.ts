import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { choose, createStaff, ADMIN, pick, signedIn, tokenFor } from './session';
import { sql } from './database';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('ticket-daily-work', () => page);

const STAMP = Date.now().toString(36);
const LEAD = { username: `lead.${STAMP}`, password: 'Support-Lead-2026!' };
const HELPER = { username: `helper.${STAMP}`, password: 'Support-Help-2026!' };
const HELPER_NAME = `Helper ${STAMP}`.slice(0, 20);
const CATEGORY = `Returns ${STAMP}`;

async function call<T>(path: string, body?: unknown, account = LEAD): Promise<T> {
  const reply = await api<T>(body === undefined ? 'GET' : 'POST', path, body, await tokenFor(account));
  expect(reply.code, `${path}: ${reply.message}`).toBe('SUCCESS');
  return reply.data;
}


const newTicket = (title: string) =>
  call<{ id: number }>('ticket/add', {
    title, description: 'Returned parcels are not restocked.', category: 'Orders', application: 'OMS',
    issueType: 'OTHERS', issueLevel: 'MODERATE',
  }).then((ticket) => ticket.id);

const actions = () => page.getByTestId('ticket-actions');
const action = (name: string) => actions().getByRole('button', { name, exact: true });
const summary = (field: string) => page.getByTestId('ticket-summary').locator(`[data-field=${field}]`);

async function openTicket(id: number, account = LEAD): Promise<void> {
  page = await signedIn(browser, `/ticket/${id}`, { account });
  await page.getByTestId('ticket-title').getByText(`#${id} `).waitFor();
}

let helperId = 0;

describe('tickets for daily work: edit, reassign, merge by search, people on duty (docs/tickets.md)', () => {
  beforeAll(async () => {
    await createStaff(LEAD, 'support', `Lead ${STAMP}`.slice(0, 20));
    helperId = await createStaff(HELPER, 'support', HELPER_NAME);
    await call('ticket-category/add', { code: CATEGORY, nameEn: CATEGORY, nameZh: `退货 ${STAMP}`, nameId: `Retur ${STAMP}` }, ADMIN);
  });

  it('a category of the managed list (its settings screen shows it) is offered by the edit form, which saves only what changed', async () => {
    page = await signedIn(browser, '/system/ticket/category');
    await page.getByRole('row', { name: new RegExp(`Returns ${STAMP}.*退货 ${STAMP}`) }).waitFor();
    const id = await newTicket(`Returns not restocked ${STAMP}`);
    await openTicket(id);
    await action('Edit').click();
    const form = page.getByTestId('ticket-edit-form');
    await form.getByLabel('Title', { exact: true }).fill(`Returned parcels not restocked ${STAMP}`);
    await pick(page, form.getByRole('combobox', { name: 'Category' }), CATEGORY);
    const [merchant] = await sql<{ id: number; email: string }>('SELECT id, email FROM merchants ORDER BY id LIMIT 1');
    await choose(page, form.getByRole('combobox', { name: 'Issue account', exact: true }), merchant!.email);
    const sent = page.waitForRequest((request) => request.url().endsWith(`/cms/ticket/${id}/modify`));
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    expect((await sent).postDataJSON()).toEqual({
      title: `Returned parcels not restocked ${STAMP}`, category: CATEGORY, accountId: String(merchant!.id), accountEmail: merchant!.email,
    });
    await page.getByTestId('ticket-title').getByText(`Returned parcels not restocked ${STAMP}`).waitFor();
    await expect.poll(() => summary('category').innerText()).toBe(CATEGORY);
    expect(await page.getByTestId('timeline-history').last().innerText()).toContain('Changed: account_email, account_id, category, title');
  });

  it('a holder of the assign button hands the ticket to a colleague; claim is not offered to who holds it', async () => {
    const id = await newTicket(`Reassign me ${STAMP}`);
    await openTicket(id);
    await action('Claim').click();
    await expect.poll(() => summary('assignee').innerText()).toContain('Lead');
    expect(await action('Claim').count()).toBe(0);
    await action('Reassign').click();
    const dialog = page.getByRole('dialog');
    const person = dialog.getByRole('combobox', { name: 'New assignee' });
    await choose(page, person, HELPER.username, HELPER_NAME);
    await dialog.getByLabel('Reason (optional)').fill('Knows the returns flow');
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect.poll(() => summary('assignee').innerText()).toBe(HELPER_NAME);
    await page.getByText(`Ticket handed to ${HELPER_NAME}.`).waitFor();
    const told = await call<{ items: { title: string }[] }>('notification/search', {}, HELPER);
    expect(told.items.map((item) => item.title)).toContain(`Ticket #${id} is assigned to you`);
  });

  it('merge finds its target by title; a refused target keeps the dialog open with the message on the target; the target lists the merge', async () => {
    const target = await newTicket(`Merge target ${STAMP}`);
    const closed = await newTicket(`Already declined ${STAMP}`);
    await call(`ticket/${closed}/wont-fix`, {});
    const id = await newTicket(`Duplicate report ${STAMP}`);
    await openTicket(id);
    await action('Merge into another ticket').click();
    const dialog = page.getByRole('dialog');
    const search = dialog.getByRole('combobox', { name: 'Target ticket' });
    // a closed ticket is not offered, so the refusal is met through a stale pick: decline the target meanwhile
    await choose(page, search, `Merge target ${STAMP}`, `#${target} Merge target ${STAMP}`);
    await call(`ticket/${target}/wont-fix`, {});
    await dialog.getByRole('button', { name: 'Merge into another ticket' }).click();
    await dialog.locator('.ant-form-item-explain-error').getByText(`Ticket ${target} cannot take a merge`).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await call(`ticket/${target}/reopen`, {});
    await choose(page, search, `#${target}`, `#${target} Merge target ${STAMP}`);
    await dialog.getByRole('button', { name: 'Merge into another ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-status').innerText()).toBe('Merged into #' + target);
    await openTicket(target);
    await page.getByTestId('ticket-merged').getByRole('link', { name: `#${id} Duplicate report ${STAMP}` }).waitFor();
    expect(await page.getByTestId('ticket-merged').getByText(`Already declined ${STAMP}`).count()).toBe(0);
  });

  it('the people on duty are set on their screen; a reminder of a ticket nobody holds reaches them', async () => {
    page = await signedIn(browser, '/system/ticket/on-duty');
    const screen = page.getByTestId('ticket-on-duty-page');
    const people = screen.getByRole('combobox', { name: 'People on duty' });
    await choose(page, people, HELPER.username, HELPER_NAME);
    const saved = page.waitForResponse((response) => response.url().endsWith('/cms/ticket-on-duty/modify'));
    await screen.getByRole('button', { name: 'Save' }).click();
    expect(((await saved).request().postDataJSON() as { userIds: number[] }).userIds).toContain(helperId);
    const onDuty = await call<{ users: { id: number }[] }>('ticket-on-duty', undefined, ADMIN);
    expect(onDuty.users.map((user) => user.id)).toContain(helperId);

    const id = await newTicket(`Nobody holds me ${STAMP}`);
    await openTicket(id);
    await action('Remind assignee').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remind assignee' }).click();
    await page.getByText(/^Reminder sent to .*Helper/).waitFor();
    expect(await page.getByTestId('timeline-history').last().innerText()).toContain(HELPER_NAME);
  });
});
