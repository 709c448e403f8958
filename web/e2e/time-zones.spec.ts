import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { createStaff, pick, signedIn, tokenFor } from './session';
import { formatTime } from '../src/components/format/time';

const browser = specBrowser();
let page: Page;

const STAMP = Date.now().toString(36);
/** A staff member far from the business calendar's zone (China): their times must read as New York's. */
const TRAVELLER = { username: `traveller.${STAMP}`, password: 'Far-Away-2026!' };
const TITLE = `Lazada orders late ${STAMP}`;
const ZONE = 'America/New_York';
const NEW_YORK_LABEL = / GMT-0[45]:00$/; // standard or summer time

let ticketId = 0;
let createdAt = '';

beforeAll(async () => {
  await createStaff(TRAVELLER, 'support', 'Traveller', { realName: 'Far Traveller' });
  const ticket = await api<{ id: number }>('POST', 'ticket/add', {
    title: TITLE, description: 'Orders from Lazada arrive an hour late.', category: 'ERP', application: 'OMS',
    issueType: 'ORDER_SYNC', issueLevel: 'MODERATE',
  }, await tokenFor(TRAVELLER));
  expect(ticket.code, ticket.message).toBe('SUCCESS');
  ticketId = ticket.data.id;
  const detail = await api<{ createdAt: string }>('GET', `ticket/detail/${ticketId}`, undefined, await tokenFor(TRAVELLER));
  createdAt = detail.data.createdAt;
});

screenshotOnFailure('time-zones', () => page);

describe('one time zone, labelled: a user reads every time in the zone set in the profile center', () => {
  it('shows times in the zone the user picks, with its offset, on the ticket list and detail', async () => {
    const shown = formatTime(createdAt, ZONE);
    expect(shown).toMatch(NEW_YORK_LABEL);

    page = await signedIn(browser, '/user/center', { account: TRAVELLER, viewport: { width: 1920, height: 1000 } });
    const zone = page.getByTestId('profile-page').getByRole('combobox', { name: 'Time zone' });
    await pick(page, zone, ZONE);
    await page.getByTestId('profile-page').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Time zone saved.').waitFor();

    await page.goto(`${new URL(page.url()).origin}/system/ticket/user-list`);
    const row = page.locator('tr', { hasText: TITLE });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain(shown);

    await page.goto(`${new URL(page.url()).origin}/ticket/${ticketId}`);
    const created = page.getByTestId('ticket-summary').locator('[data-field="createdAt"]');
    await created.waitFor();
    await expect.poll(() => created.innerText()).toBe(shown);
  });
});
