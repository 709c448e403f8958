import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api, at } from './console';
import { signedIn, tokenFor } from './session';
import { screenshotOnFailure } from './failures';
import { addressOf, allScreens, coveredColumns, pageOverflow, settled, type Screen } from './screens';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('layout', () => page);

const TICKETS_PATH = '/system/ticket/list';
const USERS_PATH = '/user-center/user';
const LONG_TITLE =
  'Shopee orders of every shop in the Jakarta warehouse stopped syncing after the nightly stock push, and the retry queue keeps growing';
let ticketId: number;

beforeAll(async () => {
  const created = await api<{ id: number }>('POST', 'ticket/add', {
    title: LONG_TITLE, description: 'Orders of shop 42 stopped syncing at 09:00.', category: 'ERP', application: 'SYS_ERP',
    issueType: 'ORDER_SYNC', issueLevel: 'SUBSTANTIAL', accountEmail: 'merchant42@example.com',
    tags: ['shopee', 'sync'], project: 'oms-sync',
  }, await tokenFor());
  expect(created.code, created.message).toBe('SUCCESS');
  ticketId = created.data.id;
  // a user whose display name and email are as long as real ones get: the users list must still fit
  const stamp = Date.now().toString(36);
  const person = await api('POST', 'user/add', {
    username: `fulfilment.${stamp}`, realName: 'Long Named Person', displayName: 'Warehouse Supervisor',
    email: `fulfilment.supervisor.jakarta.warehouse.${stamp}@omp.local`, password: 'Layout-Check-2026!', roleIds: [],
  }, await tokenFor());
  expect(person.code, person.message).toBe('SUCCESS');
});

const LAPTOPS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** Every screen of the menu, hidden detail routes included: a new screen is laid out and shot without naming it here. */
const SCREENS: Screen[] = await allScreens();

/** The key columns of each list: on a laptop, and on a phone. */
const TICKET_KEYS = { laptop: ['ID', 'Title', 'Priority', 'Status', 'Assignee', 'SLA'], phone: ['ID', 'Title', 'Status'] };
const USER_KEYS = { laptop: ['Username', 'Email', 'Roles', 'Status', 'Actions'], phone: ['Username', 'Status', 'Actions'] };

/** Fails naming the element when any part of it lies outside the window (left, right or cut by a scroller). */
async function expectOnScreen(element: Locator, name: string, viewport: { width: number }): Promise<void> {
  await element.waitFor();
  const box = await element.boundingBox();
  expect(box, `${name} has no box`).not.toBeNull();
  expect(box!.x, `${name} starts left of the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends right of the window`).toBeLessThanOrEqual(viewport.width + 0.5);
}

async function expectColumnsOnScreen(table: Locator, names: readonly string[], viewport: { width: number }): Promise<void> {
  for (const name of names) await expectOnScreen(table.getByRole('columnheader', { name, exact: true }), `column ${name}`, viewport);
}

/** The page scrolls sideways neither as a whole nor inside the table. */
async function expectNoSidewaysScroll(table: Locator): Promise<void> {
  const overflow = await table.evaluate((element) => {
    const scroller = element.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    return {
      table: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
}

async function shoot(name: string, viewport: { width: number }): Promise<void> {
  await page.screenshot({ path: `/tmp/pw/layout-${name}-${viewport.width}.png`, fullPage: true });
}

describe('lists that fit a laptop (1280 and 1440 px)', () => {
  for (const viewport of LAPTOPS) {
    it(`the ticket list shows its key columns without sideways scroll at ${viewport.width} px, long titles cut with the full text on hover`, async () => {
      page = await signedIn(browser, TICKETS_PATH, { viewport });
      const table = page.getByTestId('tickets-table');
      await table.getByRole('link', { name: LONG_TITLE }).waitFor();
      await expectColumnsOnScreen(table, TICKET_KEYS.laptop, viewport);
      await expectNoSidewaysScroll(table);

      const cell = table.locator('[data-ellipsis]', { hasText: LONG_TITLE });
      expect(await cell.getAttribute('title')).toBe(LONG_TITLE);
      expect(await cell.evaluate((element) => element.scrollWidth > element.clientWidth), 'the long title is cut').toBe(true);
      await shoot('tickets', viewport);
    });

    it(`the users list keeps its key columns on screen at ${viewport.width} px, row actions after the second in "More"`, async () => {
      page = await signedIn(browser, USERS_PATH, { viewport });
      const table = page.getByTestId('users-table');
      await table.getByText('admin@omp.local').waitFor();
      await expectColumnsOnScreen(table, USER_KEYS.laptop, viewport);
      await expectNoSidewaysScroll(table);

      const actions = table.getByTestId('row-actions').first();
      expect(await actions.getByRole('button').allInnerTexts()).toEqual(['View', 'Edit', 'More']);
      await actions.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Reset password' }).waitFor();
      await shoot('users', viewport);
    });

    it(`the ticket detail lays out at ${viewport.width} px without breaking a word`, async () => {
      page = await signedIn(browser, `/ticket/${ticketId}`, { viewport });
      const summary = page.getByTestId('ticket-summary');
      await expectOnScreen(summary, 'ticket summary', viewport);
      await expectNoSidewaysScroll(page.getByTestId('ticket-detail'));
      expect(await brokenWords(summary)).toEqual([]);
      await shoot('ticket-detail', viewport);
    });
  }
});

/** Words (text without spaces) that the layout split over two lines: "SYS_ER P". */
function brokenWords(area: Locator): Promise<string[]> {
  return area.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

describe('lists on a phone (390 px)', () => {
  it('the ticket list puts its filters behind one button and shows its key columns', async () => {
    page = await signedIn(browser, TICKETS_PATH, { viewport: PHONE });
    const table = page.getByTestId('tickets-table');
    await table.getByRole('link', { name: LONG_TITLE }).waitFor();
    await expectColumnsOnScreen(table, TICKET_KEYS.phone, PHONE);
    expect(await table.getByRole('columnheader', { name: 'Created', exact: true }).count()).toBe(0);

    const keyword = page.getByTestId('tickets-page').getByRole('textbox', { name: 'Title or #id' });
    expect(await keyword.isVisible()).toBe(false);
    await shoot('tickets', PHONE);
    await page.getByTestId('filters-toggle').click();
    await keyword.waitFor();
    await expectOnScreen(keyword, 'keyword filter', PHONE);
  });

  it('the users list and the ticket detail keep their key parts on screen', async () => {
    page = await signedIn(browser, USERS_PATH, { viewport: PHONE });
    const table = page.getByTestId('users-table');
    await table.getByRole('cell', { name: 'Enabled' }).first().waitFor();
    await expectColumnsOnScreen(table, USER_KEYS.phone, PHONE);
    // A phone has room for no action link: every action waits in the row's "More".
    expect(await table.getByTestId('row-actions').first().getByRole('button').allInnerTexts()).toEqual(['More']);
    await shoot('users', PHONE);

    page = await signedIn(browser, `/ticket/${ticketId}`, { viewport: PHONE });
    const summary = page.getByTestId('ticket-summary');
    await expectOnScreen(summary, 'ticket summary', PHONE);
    expect(await brokenWords(summary)).toEqual([]);
    await shoot('ticket-detail', PHONE);
  });
});

/** One tab per window size, opened once, that visits every screen in turn (the session cookie carries over). */
function everyScreen(viewport: { width: number; height: number }, check: (screen: Screen) => Promise<void>): void {
  beforeAll(async () => {
    page = await signedIn(browser, '/home', { viewport });
  });
  for (const screen of SCREENS) {
    it(`${screen.title} (${screen.identifier})`, async () => {
      await page.goto(at(await addressOf(screen)));
      await page.getByTestId('shell').waitFor();
      await settled(page);
      await check(screen);
      await shoot(screen.identifier, viewport);
    });
  }
}

describe('every screen at 1366 x 768: no key or status column lies under the fixed row actions', () => {
  everyScreen(LAPTOP, async () => {
    expect(await coveredColumns(page)).toEqual([]);
  });
});

describe('every screen at 390 x 844: no page is wider than the phone (a table scrolls inside itself)', () => {
  everyScreen(PHONE, async () => {
    const { overflow, culprits } = await pageOverflow(page);
    expect(overflow, `the page is ${overflow} px wider than the phone: ${culprits.join('; ')}`).toBeLessThanOrEqual(0);
  });
});

describe('the Search button', () => {
  it('asks the server again even when the filters are unchanged', async () => {
    page = await signedIn(browser, `${USERS_PATH}?status=ENABLED`);
    await page.getByTestId('users-table').getByText('admin@omp.local').waitFor();
    for (let time = 0; time < 2; time += 1) {
      const asked = page.waitForRequest((request) => request.url().endsWith('/cms/user/search'));
      await page.getByTestId('users-page').getByRole('button', { name: 'Search' }).click();
      expect((await asked).postDataJSON()).toMatchObject({ status: 'ENABLED', page: 1 });
    }
  });
});
