import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { confirmDialog, createStaff, signedIn, tokenFor } from './session';
import { endFlow } from './temporal';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('ticket-flow-restart', () => page);

const STAMP = Date.now().toString(36);

type Detail = { id: number; flowPending: boolean; firstResponseDue: string; resolveDue: string };

describe("a ticket whose flow was terminated in the Temporal Web UI gets its SLA clocks back (SPEC §9)", () => {
  it('an operator restarts the flow from the ticket, asked first; the deadlines stay and actions work again', async () => {
    const admin = await tokenFor();
    const created = await api<Detail>('POST', 'ticket/add', {
      title: `Flow ended by hand ${STAMP}`, description: 'Stock of shop 9 stopped syncing.', category: 'ERP',
      application: 'OMS', issueType: 'ORDER_SYNC', issueLevel: 'MODERATE',
    }, admin);
    expect(created.code, created.message).toBe('SUCCESS');
    const id = created.data.id;
    const detail = async () => (await api<Detail>('GET', `ticket/detail/${id}`, undefined, admin)).data;
    await expect.poll(async () => (await detail()).flowPending, { timeout: 30_000 }).toBe(false);
    const before = await detail();
    await endFlow(`ticket-${id}`);

    page = await signedIn(browser, `/ticket/${id}`);
    await page.getByTestId('ticket-title').waitFor();
    await page.getByRole('button', { name: 'Restart flow' }).click();
    await confirmDialog(page, `Restart the flow of ticket #${id}?`).getByRole('button', { name: 'OK' }).click();
    await page.getByText("The ticket's flow runs again").waitFor();
    const after = await detail();
    expect([after.firstResponseDue, after.resolveDue]).toEqual([before.firstResponseDue, before.resolveDue]);

    // running again: a second restart is refused, saying why
    await page.getByRole('button', { name: 'Restart flow' }).click();
    await confirmDialog(page, `Restart the flow of ticket #${id}?`).getByRole('button', { name: 'OK' }).click();
    await page.getByText(`The flow of ticket #${id} is running: there is nothing to restart`).waitFor();
    // and the flow takes actions as before
    const claimed = await api('POST', `ticket/${id}/claim`, {}, admin);
    expect(claimed.code, claimed.message).toBe('SUCCESS');
  }, 150_000);

  it('a staff member without the authority is offered no restart', async () => {
    const account = { username: `support.restart.${STAMP}`, password: 'Support-Desk-2026!' };
    await createStaff(account, 'support', 'Support desk');
    const created = await api<Detail>('POST', 'ticket/add', {
      title: `No restart ${STAMP}`, description: 'Orders stopped syncing.', category: 'ERP', application: 'OMS',
      issueType: 'ORDER_SYNC', issueLevel: 'LOW',
    }, await tokenFor());
    page = await signedIn(browser, `/ticket/${created.data.id}`, { account });
    await page.getByTestId('ticket-title').waitFor();
    expect(await page.getByRole('button', { name: 'Restart flow' }).count()).toBe(0);
  }, 90_000);
});
