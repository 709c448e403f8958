import { beforeAll, describe, expect, it } from 'vitest';
import { screenshotOnFailure } from './failures';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { choose, createStaff, pick, selectOptions, signedIn, tabTitles, tokenFor } from './session';
import { sql } from './database';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('ticket-detail', () => page);

const STAMP = Date.now().toString(36);
const SUPPORT = { username: `support.${STAMP}`, password: 'Support-Desk-2026!' };
const SERVICE = { username: `service.${STAMP}`, password: 'Service-Desk-2026!' };
const TITLE = `Shopee orders not syncing ${STAMP}`;
const SOLUTION = 'Restarted the order sync worker for the shop';
/** A 1x1 PNG and the head of an MP4: enough for the upload API's type check. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const CLIP = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42\0\0\0\0mp42isom'), Buffer.alloc(16)]);

let ticketId = 0;

/** The first demo merchant: the issue account of the ticket made on screen. */
async function demoMerchant(): Promise<{ id: number; email: string }> {
  const [merchant] = await sql<{ id: number; email: string }>('SELECT id, email FROM merchants ORDER BY id LIMIT 1');
  return { id: Number(merchant!.id), email: merchant!.email };
}

async function createTicket(title: string, account = SUPPORT): Promise<number> {
  const created = await api<{ id: number }>('POST', 'ticket/add', {
    title, description: 'Orders of shop 42 stopped syncing at 09:00.', category: 'ERP', application: 'OMS',
    issueType: 'ORDER_SYNC', issueLevel: 'SUBSTANTIAL', accountEmail: 'merchant42@example.com',
    tags: ['shopee', 'sync'], project: 'oms-sync',
  }, await tokenFor(account));
  expect(created.code, created.message).toBe('SUCCESS');
  return created.data.id;
}

const status = () => page.getByTestId('ticket-status');
const actions = () => page.getByTestId('ticket-actions');
const action = (name: string) => actions().getByRole('button', { name, exact: true });
const timelineActions = () => page.getByTestId('timeline-history').evaluateAll((items) => items.map((item) => item.getAttribute('data-action')));

async function openTicket(account: { username: string; password: string }, path = `/ticket/${ticketId}`): Promise<void> {
  page = await signedIn(browser, path, { account });
  await page.getByTestId('ticket-title').getByText(`#${ticketId} ${TITLE}`).waitFor();
}

/** Clicks an action that asks nothing and waits for the ticket to reach `label`. */
async function act(name: string, label: string): Promise<void> {
  await action(name).click();
  await expect.poll(() => status().innerText()).toBe(label);
}

describe('a ticket from claim to close on its detail screen (SPEC §4, docs/tickets.md)', () => {
  beforeAll(async () => {
    await createStaff(SUPPORT, 'support', 'Support Desk');
    await createStaff(SERVICE, 'sales', 'Service Desk');
  });

  it('support creates the ticket through the new form, with an image; it opens on its detail screen', async () => {
    page = await signedIn(browser, '/system/ticket/new', { account: SUPPORT });
    const form = page.getByTestId('ticket-new-page');
    const field = (label: string) => form.getByLabel(label, { exact: true });
    await field('Title').fill(TITLE);
    await field('Description').fill('Orders of shop 42 stopped syncing at 09:00.');
    await pick(page, form.getByRole('combobox', { name: 'Category' }), 'ERP');
    await pick(page, form.getByRole('combobox', { name: 'Application' }), 'OMS');
    await pick(page, form.getByRole('combobox', { name: 'Issue type' }), 'Order sync');
    const level = form.getByRole('combobox', { name: 'Issue level' });
    await level.fill('Substantial');
    await selectOptions(page).filter({ hasText: 'Substantial (P2)' }).waitFor();
    await level.press('Enter');
    // the issue account is a merchant picked by its email (its email fills in; typed over here)
    await choose(page, form.getByRole('combobox', { name: 'Issue account', exact: true }), (await demoMerchant()).email);
    await field('Issue account email').fill('merchant42@example.com');
    await field('Project').fill('oms-sync');
    await page.getByTestId('ticket-images').locator('input[type=file]').setInputFiles([{ name: 'orders.png', mimeType: 'image/png', buffer: PIXEL }]);
    await expect.poll(() => page.getByTestId('ticket-images').locator('.ant-upload-list-item-done').count()).toBe(1);
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => /^\/ticket\/\d+$/.test(url.pathname));
    ticketId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('ticket-title').getByText(`#${ticketId} ${TITLE}`).waitFor();
    const panel = page.getByTestId('attachment-gallery');
    await expect.poll(() => panel.locator('img[src*="/cms/common/file/"]').count()).toBe(1);
  });

  it('customer service sees the ticket but is offered none of the technician buttons it lacks', async () => {
    await openTicket(SERVICE);
    await expect.poll(() => status().innerText()).toBe('New');
    expect(await page.getByTestId('ticket-level').innerText()).toBe('P2');
    const summary = page.getByTestId('ticket-summary');
    expect(await summary.locator('[data-field=submitter]').innerText()).toBe('Support Desk');
    expect(await summary.locator('[data-field=accountEmail]').innerText()).toBe('merchant42@example.com');
    await action('Remind assignee').waitFor();
    for (const name of ['Claim', 'Start processing', 'Put on hold', "Won't fix", 'Merge into another ticket', 'Change priority']) {
      expect(await action(name).count(), name).toBe(0);
    }
  });

  it('the SLA clocks tick every second against the server deadlines', async () => {
    await openTicket(SUPPORT);
    const clock = page.getByTestId('sla-first-response');
    expect(await clock.getAttribute('data-state')).toBe('running');
    const first = await clock.locator('code').innerText();
    await expect.poll(() => clock.locator('code').innerText(), { timeout: 5000 }).not.toBe(first);
    expect(await page.getByTestId('sla-resolve').innerText()).toMatch(/(minutes|hours) left/);
  });

  it('support raises the priority; the timeline says from which to which', async () => {
    await openTicket(SUPPORT);
    await action('Change priority').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Issue level').click();
    await page.locator('.ant-select-item-option', { hasText: 'Severe' }).click();
    await dialog.getByRole('button', { name: 'Change priority' }).click();
    await expect.poll(() => page.getByTestId('ticket-level').innerText()).toBe('P1');
    expect(await page.getByTestId('timeline-history').last().innerText()).toContain('Priority: P2 → P1');
  });

  it('support claims and starts it; each step shows in the timeline with the status it moved', async () => {
    await openTicket(SUPPORT);
    await act('Claim', 'Pending for operation');
    expect(await page.getByTestId('ticket-summary').locator('[data-field=assignee]').innerText()).toBe('Support Desk');
    expect(await page.getByTestId('sla-first-response').getAttribute('data-state')).toBe('met');
    await act('Start processing', 'Processing');
    expect(await timelineActions()).toEqual(['CREATE', 'CHANGE_PRIORITY', 'CLAIM', 'START_PROCESSING']);
    const started = page.getByTestId('timeline-history').last();
    expect(await started.getByTestId('timeline-move').innerText()).toMatch(/Pending for operation\s*→\s*Processing/);
    expect(await started.innerText()).toContain('Support Desk');
  });

  it('a stale button is refused with the server message, and the page reloads the ticket', async () => {
    await openTicket(SUPPORT);
    await action('Complete').waitFor();
    const held = await api('POST', `ticket/${ticketId}/hold`, { reason: 'Waiting for the merchant' }, await tokenFor());
    expect(held.code, held.message).toBe('SUCCESS');

    await action('Complete').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Solution').fill(SOLUTION);
    await dialog.getByRole('button', { name: 'Complete' }).click();
    const notice = page.locator('.ant-notification-notice', { has: page.getByTestId('api-error') });
    await notice.getByText('cannot take the action', { exact: false }).waitFor();
    await expect.poll(() => status().innerText()).toBe('Pending');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await action('Complete').count()).toBe(0);
    expect(await page.getByTestId('timeline-history').last().innerText()).toContain('Reason: Waiting for the merchant');
  });

  it('support resumes, completes with a solution (required) and approves', async () => {
    await openTicket(SUPPORT);
    await act('Start processing', 'Processing');
    await action('Complete').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await dialog.getByText('Solution is required').waitFor();
    await dialog.getByLabel('Solution').fill(SOLUTION);
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => status().innerText()).toBe('Resolved');
    expect(await page.getByTestId('ticket-solution').innerText()).toBe(SOLUTION);
    expect(await page.getByTestId('sla-resolve').getAttribute('data-state')).toBe('met');
    await act('Approve', 'Confirming');
  });

  it('customer service confirms and the ticket is closed, by whom and when', async () => {
    await openTicket(SERVICE);
    await action('Not fixed').waitFor();
    await act('Confirm and close', 'Closed');
    expect(await page.getByTestId('ticket-summary').locator('[data-field=closedAt]').innerText()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT[+-]\d\d:\d\d · Service Desk$/);
    expect(await timelineActions()).toEqual(['CREATE', 'CHANGE_PRIORITY', 'CLAIM', 'START_PROCESSING', 'HOLD', 'START_PROCESSING', 'COMPLETE', 'APPROVE', 'CONFIRM']);
    expect(await page.getByTestId('timeline-history').last().getByTestId('timeline-move').innerText()).toMatch(/Confirming\s*→\s*Closed/);
    expect(await action('Confirm and close').count()).toBe(0);
    // the flow's page in the Temporal Web UI is for operators only (temporal#operate): customer service gets no link
    expect(await page.getByRole('link', { name: 'Open in Temporal Web UI' }).count()).toBe(0);
  });

  it('watchers: customer service watches the ticket and stops again', async () => {
    await openTicket(SERVICE);
    const watchers = page.getByTestId('ticket-watchers');
    await watchers.getByRole('button', { name: 'Watch' }).click();
    await watchers.getByText('Service Desk').waitFor();
    await watchers.getByRole('button', { name: 'Unwatch' }).click();
    await watchers.getByText('Nobody watches this ticket').waitFor();
  });

  it('a comment takes up to 10 images and videos; the 11th is refused; they show in the timeline and the attachments', async () => {
    await openTicket(SUPPORT);
    const box = page.getByTestId('comment-box');
    const files = Array.from({ length: 11 }, (_, index) => ({ name: `screen-${index + 1}.png`, mimeType: 'image/png', buffer: PIXEL }));
    files[9] = { name: 'screen.mp4', mimeType: 'video/mp4', buffer: CLIP };
    await box.locator('input[type=file]').setInputFiles(files);
    await page.getByText('At most 10 images and videos can be attached').waitFor();
    await expect.poll(() => box.locator('.ant-upload-list-item-done').count()).toBe(10);
    await box.getByLabel('Comment').fill('Screens of the shop after the fix');
    await box.getByRole('button', { name: 'Add comment' }).click();
    await page.getByText('Comment added.').waitFor();
    const comment = page.getByTestId('timeline-comment').last();
    await comment.getByText('Screens of the shop after the fix').waitFor();
    await expect.poll(() => comment.getByTestId('attachment-image').count()).toBe(9);
    await expect.poll(() => comment.getByTestId('attachment-video').count()).toBe(1); // drawn apart from the images
    const panel = page.getByTestId('attachment-gallery').last();
    // the image the ticket was created with, and the comment's nine
    await expect.poll(() => panel.locator('img[src*="/cms/common/file/"]').count()).toBe(10);
    await expect.poll(() => panel.locator('video[controls][src*="/cms/common/file/"]').count()).toBe(1);
    await panel.getByTestId('attachment-image').first().click();
    await page.locator('.ant-image-preview img[src*="/cms/common/file/"]').waitFor();
  });

  it('merge asks for the target ticket; the merged ticket is closed into it until the merge is cancelled', async () => {
    const duplicate = await createTicket(`Duplicate of ${TITLE}`);
    const target = await createTicket(`Open ticket ${STAMP}`);
    page = await signedIn(browser, `/ticket/${duplicate}`, { account: SUPPORT });
    await action('Merge into another ticket').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Merge into another ticket' }).click();
    await dialog.getByText('Target ticket is required').waitFor();
    // the target is searched by id or title among open tickets
    await choose(page, dialog.getByRole('combobox', { name: 'Target ticket' }), String(target),
      `#${target} Open ticket ${STAMP}`);
    await dialog.getByRole('button', { name: 'Merge into another ticket' }).click();
    await expect.poll(() => status().innerText()).toBe(`Merged into #${target}`);
    expect(await page.getByTestId('timeline-history').last().innerText()).toContain(`Target ticket: #${target}`);
    await expect.poll(() => dialog.count()).toBe(0);

    await action('Cancel merge').click();
    await dialog.getByRole('button', { name: 'Cancel merge' }).click();
    await expect.poll(() => status().innerText()).toBe('New');
  });

  it('the hidden routes open the same ticket', async () => {
    await openTicket(SUPPORT, `/ticket/detail/2026-11-22/${ticketId}`);
    await expect.poll(() => status().innerText()).toBe('Closed');
    const merchant = await demoMerchant();
    await openTicket(SUPPORT, `/ticket/saas-detail/2026-11-22/${ticketId}/${merchant.id}`);
    expect(await page.getByTestId('ticket-account-mismatch').count()).toBe(0);
    // a link naming another account than the ticket's says so, and leads to that account's tickets
    await openTicket(SUPPORT, `/ticket/saas-detail/2026-11-22/${ticketId}/${merchant.id + 1000000}`);
    await page.getByTestId('ticket-account-mismatch').waitFor();
    await openTicket(SUPPORT, `/ticket-detail/detail?ticketId=${ticketId}`);
    await page.waitForURL((url) => url.pathname === `/ticket/${ticketId}`);
    // Each ticket's tab names its ticket.
    await expect.poll(() => tabTitles(page)).toContain(`Ticket #${ticketId}`);
  });
});
