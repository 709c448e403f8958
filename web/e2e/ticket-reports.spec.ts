import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotOnFailure } from './failures';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
let token: string;
let adminId: number;

/** A category of this run's own, so the dashboard figures are this run's tickets only. */
const RUN = Date.now().toString(36).toUpperCase();
const CATEGORY = `E2E ${RUN}`;
/** What the dashboard shows for it: the managed list's name, not the code tickets hold. */
const CATEGORY_NAME = `Late orders ${RUN}`;
const DASHBOARD_PATH = '/manage-dashboard/ticket-reports/ticket';
const CALENDARS_PATH = '/system/ticket/calendar';

async function call<T>(path: string, body?: unknown): Promise<T> {
  const reply = await api<T>(body === undefined ? 'GET' : 'POST', path, body, token);
  expect(reply.code, `${path}: ${reply.message}`).toBe('SUCCESS');
  return reply.data;
}

async function newTicket(title: string, assigneeId?: number): Promise<number> {
  // Critical: the soonest deadlines, so the dropdown's ten most urgent tickets include it.
  const created = await call<{ id: number }>('ticket/add', {
    title, description: 'Orders from Shopee stopped syncing', category: CATEGORY, application: 'SYS_ERP',
    issueType: 'ORDER_SYNC', issueLevel: 'CRITICAL', assigneeId,
  });
  return created.id;
}

/** Takes a ticket through the actions, as staff would from its detail page. */
async function act(id: number, ...steps: string[]): Promise<void> {
  for (const step of steps) await call(`ticket/${id}/${step}`, step === 'complete' ? { solution: 'Resynced the orders' } : {});
}

let openTicket: number;
let confirming: number;

beforeAll(async () => {
  token = await tokenFor();
  adminId = (await call<{ id: number }>('user/info')).id;
  // Categories come from their managed list: this run's own entry first.
  await call('ticket-category/add', { code: CATEGORY, nameEn: CATEGORY_NAME });
  // Four tickets: one closed, one confirming, two still open (one assigned to admin and reminded).
  const closed = await newTicket(`${RUN} closed`);
  confirming = await newTicket(`${RUN} confirming`);
  openTicket = await newTicket(`${RUN} open and assigned`, adminId);
  await newTicket(`${RUN} new`);
  await act(closed, 'start', 'complete', 'approve', 'confirm');
  await act(confirming, 'start', 'complete', 'approve');
  await act(openTicket, 'remind');
});

afterAll(async () => {
  // Leave no open tickets on admin's plate for the browser tests that come after.
  if (confirming) await act(confirming, 'confirm');
  if (openTicket) await act(openTicket, 'wont-fix');
});

screenshotOnFailure('ticket-reports', () => page);

const figure = async (key: string) => (await page.getByTestId(`figure-${key}`).locator('.ant-statistic-content').innerText()).replace(/\s/g, '');

describe('ticket dashboard (SPEC §2, §4 rates)', () => {
  it("shows the run's tickets and the server's rates: closed / new, (confirming + closed) / new, qualified / new", async () => {
    page = await signedIn(browser, `${DASHBOARD_PATH}?category=${encodeURIComponent(CATEGORY)}`);
    await expect.poll(() => figure('created'), { timeout: 15_000 }).toBe('4');
    expect(await figure('closed')).toBe('1');
    expect(await figure('confirming')).toBe('1');
    expect(await figure('closedRate')).toBe('25%');
    expect(await figure('resolveRate')).toBe('50%');
    expect(await figure('slaRate')).toBe('100%');
    await page.getByTestId('chart-status').locator('canvas').first().waitFor();
    const cells = await page.getByTestId('table-category').getByRole('row', { name: new RegExp(CATEGORY_NAME) }).locator('td').allInnerTexts();
    expect(cells).toEqual([CATEGORY_NAME, '4', '1', '1', '4', '25%', '50%', '100%']);
    // The chart says what it draws in its aria-label: the category by name too.
    const described = page.getByTestId('chart-category').locator('[aria-label]').first();
    await expect.poll(() => described.getAttribute('aria-label')).toContain(CATEGORY_NAME);
    expect(await described.getAttribute('aria-label')).not.toContain(CATEGORY);

    // A preset is asked of the server, which resolves it in the business time zone.
    const sent = page.waitForRequest((request) => request.url().endsWith('/cms/ticket/dashboard') && request.postDataJSON()?.preset === 'TODAY');
    await page.getByTestId('ticket-report-filters').getByText('Today', { exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({ preset: 'TODAY', category: [CATEGORY] });
    await page.waitForURL((url) => url.searchParams.get('preset') === 'TODAY');
    await expect.poll(() => figure('created')).toBe('4');
    expect(await figure('resolveRate')).toBe('50%');
  });
});

describe('business calendars (SPEC §9 work time)', () => {
  it('marks a holiday by clicking a day of the month, and lists it', async () => {
    const code = `E2E${RUN}`.slice(0, 16);
    await call('ticket-calendar/add', { code, name: `Calendar ${RUN}`, timeZone: 'Asia/Jakarta' });
    page = await signedIn(browser, `${CALENDARS_PATH}?code=${code}`);
    const row = page.getByTestId('calendars-table').getByRole('row', { name: new RegExp(`Calendar ${RUN}`) });
    await rowAction(page, row, 'Days');
    const drawer = page.getByTestId('calendar-days-drawer');
    await drawer.getByText('Marked days in').waitFor();

    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-15`;
    await drawer.locator(`td[title="${day}"]`).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${day}` });
    const holiday = dialog.getByRole('radio', { name: 'Holiday' });
    await holiday.click();
    expect(await holiday.isChecked()).toBe(true);
    await dialog.getByLabel('Name').fill('Founders Day');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await drawer.getByTestId(`mark-${day}`).getByText('Founders Day').waitFor();
    const listed = drawer.getByTestId('calendar-days').getByRole('row', { name: /Founders Day/ });
    await listed.getByText('Holiday').waitFor();
    expect(await listed.innerText()).toContain(day);

    const calendar = (await call<{ items: { id: number }[] }>('ticket-calendar/search', { code })).items[0]!;
    const days = await call<{ items: { day: string; kind: string; name: string }[] }>('ticket-calendar-day/search', { calendarId: calendar.id });
    expect(days.items).toEqual([expect.objectContaining({ day, kind: 'HOLIDAY', name: 'Founders Day' })]);
  });
});

describe('navbar ticket dropdown (SPEC §2)', () => {
  it('lists my open ticket, links to my tickets, and shows and marks read the reminder', async () => {
    // The reminder is written by the ticket's flow a moment after the call.
    await expect.poll(async () => (await call<{ unread: number }>('notification/unread-count')).unread, { timeout: 30_000 }).toBeGreaterThan(0);
    page = await signedIn(browser, '/home');
    await page.getByTestId('ticket-dropdown').click();
    const panel = page.getByTestId('ticket-panel');
    const link = panel.getByRole('link', { name: `#${openTicket} ${RUN} open and assigned` });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/ticket/${openTicket}`);
    const allMine = panel.getByRole('link', { name: 'All my tickets' });
    expect(await allMine.getAttribute('href')).toBe('/system/ticket/user-list?scope=ASSIGNED');

    // Another group: its count on the switch, its tickets below, and the list scope that shows them all.
    const submitted = (await call<{ submitted: { total: number } }>('ticket/navbar')).submitted.total;
    await panel.getByTestId('ticket-counts').getByText(`Submitted ${submitted}`).click();
    await expect.poll(() => allMine.getAttribute('href')).toBe('/system/ticket/user-list?scope=MINE');

    await panel.getByRole('tab', { name: /Notifications/ }).click();
    const reminder = panel.locator('[data-unread]').filter({ hasText: `${RUN} open and assigned` }).first();
    await reminder.waitFor();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => panel.locator('[data-unread]').count()).toBe(0);
    expect((await call<{ unread: number }>('notification/unread-count')).unread).toBe(0);
  });
});
