import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api, at } from './console';
import { createStaff, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('temporal-ui', () => page);

const STAMP = Date.now().toString(36);
const SUPPORT = { username: `support.ui.${STAMP}`, password: 'Support-Desk-2026!' };
const TITLE = `Stock not syncing ${STAMP}`;
let ticketId = 0;

beforeAll(async () => {
  const admin = await tokenFor();
  await createStaff(SUPPORT, 'support', 'Support desk');
  const ticket = await api<{ id: number }>('POST', 'ticket/add', {
    title: TITLE, description: 'Stock of shop 7 stopped syncing.', category: 'ERP', application: 'OMS',
    issueType: 'ORDER_SYNC', issueLevel: 'LOW', accountEmail: 'merchant7@example.com',
  }, admin);
  expect(ticket.code, ticket.message).toBe('SUCCESS');
  ticketId = ticket.data.id;
});

describe('the Temporal Web UI, for operators only (through the console)', () => {
  it("an operator follows the ticket's flow link to its page in the UI, served by the console", { timeout: 150_000 }, async () => {
    page = await signedIn(browser, `/ticket/${ticketId}`);
    const link = page.getByRole('link', { name: /Open in Temporal Web UI/ });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/temporal/namespaces/default/workflows/ticket-${ticketId}`);
    await page.goto(at(href!));
    expect(new URL(page.url()).origin).toBe(new URL(at('/')).origin);
    // The UI renders under the console's policy (a refused script fails the test) and shows the flow; it asks its
    // own API through the proxy a dozen times first, slow on a busy machine.
    await page.getByRole('heading', { name: `ticket-${ticketId}` }).waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Request Cancellation' }).waitFor();
  });

  it('a staff member without the authority gets no link, and the console refuses the UI', async () => {
    page = await signedIn(browser, `/ticket/${ticketId}`, { account: SUPPORT });
    await page.getByTestId('ticket-title').waitFor();
    expect(await page.getByRole('link', { name: /Open in Temporal Web UI/ }).count()).toBe(0);
    // a browser opening the UI's address lands on the console's 401 page, not on an error envelope
    await page.goto(at('/temporal/'));
    await page.getByTestId('forbidden').waitFor();
    expect(new URL(page.url()).pathname).toBe('/401');
  });
});
