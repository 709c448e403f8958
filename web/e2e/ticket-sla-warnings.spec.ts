import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { sql } from './database';
import { createStaff, selectOptions, signedIn, tokenFor } from './session';
import { formatTime } from '../src/components/format/time';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('ticket-sla-warnings', () => page);

const STAMP = Date.now().toString(36);
/** A support agent who reads times in Jakarta's zone, so the preview's deadlines are checked in a known zone. */
const AGENT = { username: `sla.${STAMP}`, password: 'Sla-Watch-2026!' };
const ZONE = 'Asia/Jakarta';

async function call<T>(path: string, body?: unknown, account = AGENT): Promise<T> {
  const reply = await api<T>(body === undefined ? 'GET' : 'POST', path, body, await tokenFor(account));
  expect(reply.code, `${path}: ${reply.message}`).toBe('SUCCESS');
  return reply.data;
}

const newTicket = (title: string, issueLevel: string) =>
  call<{ id: number }>('ticket/add', {
    title, description: 'Orders are not pushed to the warehouse.', category: 'Orders', application: 'OMS',
    issueType: 'OTHERS', issueLevel,
  }).then((ticket) => ticket.id);

/** Moves every clock of a ticket back: as if it had been opened `minutes` ago. Returns when its SLA started. */
async function openedAgo(id: number, minutes: number): Promise<Date> {
  const [row] = await sql<{ sla_started_at: string }>(
    `UPDATE tickets SET created_at = created_at - make_interval(mins => %s), sla_started_at = sla_started_at - make_interval(mins => %s),
       first_response_due = first_response_due - make_interval(mins => %s), resolve_due = resolve_due - make_interval(mins => %s)
     WHERE id = %s RETURNING sla_started_at`,
    [minutes, minutes, minutes, minutes, id],
  );
  return new Date(row!.sla_started_at);
}

/**
 * Sets a ticket's deadlines `minutes` from now (the database's clock, which the list's "remaining" reads too): the
 * first response then, the resolution four hours after it. A P3's own clocks run far longer, so its flow wakes for
 * neither and the row keeps these deadlines while the test reads it.
 */
async function dueIn(id: number, minutes: number): Promise<void> {
  await sql(
    `UPDATE tickets SET first_response_due = now() + make_interval(mins => %s), resolve_due = now() + make_interval(mins => %s)
     WHERE id = %s`,
    [minutes, minutes + 240, id],
  );
}

const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

beforeAll(async () => {
  await createStaff(AGENT, 'support', `Sla ${STAMP}`, { timeZone: ZONE });
});

describe('no breach goes unseen: the priority preview and the amber SLA state (docs/tickets.md)', () => {
  it('a priority change shows its new deadlines, and warns of an immediate breach before anything is applied', async () => {
    const id = await newTicket(`Priority preview ${STAMP}`, 'MODERATE');
    // P3, opened 45 minutes ago: P2 (first response 60 or 1020 minutes, resolve 720) breaches nothing;
    // P0 (first response 15 or 30 minutes, resolve 120) breaches the first response at once.
    const start = await openedAgo(id, 45);
    page = await signedIn(browser, `/ticket/${id}`, { account: AGENT });
    await page.getByTestId('ticket-title').getByText(`#${id} `).waitFor();
    const changed: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/cms/ticket/${id}/priority`)) changed.push(request.method());
    });

    await page.getByTestId('ticket-actions').getByRole('button', { name: 'Change priority', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const level = dialog.getByRole('combobox', { name: 'Issue level' });
    await level.click();
    await selectOptions(page).filter({ hasText: 'Substantial' }).click();
    const preview = dialog.getByTestId('priority-preview');
    await preview.getByText(formatTime(minutesAfter(start, 720), ZONE)).waitFor();
    expect(await preview.innerText()).toMatch(/GMT\+07:00/);
    expect(await dialog.getByTestId('priority-breach-warning').count()).toBe(0);

    await level.click();
    await selectOptions(page).filter({ hasText: 'Critical' }).click();
    await preview.getByText(formatTime(minutesAfter(start, 120), ZONE)).waitFor();
    const warning = dialog.getByTestId('priority-breach-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toBe('Applying this breaches the first-response clock at once: the new deadline has already passed.');

    // Nothing was applied by looking: cancelling leaves the ticket as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(changed).toEqual([]);
    expect(await page.getByTestId('ticket-level').innerText()).toBe('P3');
    expect((await call<{ level: string }>(`ticket/detail/${id}`)).level).toBe('P3');
  });

  it('a list row whose deadline falls within the next 30 minutes shows amber; a later one does not', async () => {
    // Deadlines set outright, far from the 30-minute line either way, so the time the test takes cannot move a row
    // across it: 10 minutes left is amber (SOON_MINUTES, list/sla.ts), 3 hours is not.
    await dueIn(await newTicket(`Due soon ${STAMP}`, 'MODERATE'), 10);
    await dueIn(await newTicket(`Due later ${STAMP}`, 'MODERATE'), 180);
    page = await signedIn(browser, `/system/ticket/list?keyword=${encodeURIComponent(STAMP)}`, { account: AGENT });
    const table = page.getByTestId('tickets-table');
    const sla = (title: string) => table.getByRole('row', { name: new RegExp(title) }).locator('[data-sla]');
    await sla(`Due soon ${STAMP}`).waitFor();

    // Amber is the state the cell declares and Ant Design's warning tag that draws it, not a colour read off the screen.
    expect(await sla(`Due soon ${STAMP}`).getAttribute('data-sla')).toBe('soon');
    expect(await sla(`Due soon ${STAMP}`).getAttribute('class')).toMatch(/\bant-tag-warning\b/);
    expect(await sla(`Due soon ${STAMP}`).innerText()).toMatch(/^Due in \d+ minutes$/);

    expect(await sla(`Due later ${STAMP}`).getAttribute('data-sla')).toBe('due');
    expect(await sla(`Due later ${STAMP}`).getAttribute('class')).not.toMatch(/\bant-tag-warning\b/);
  });
});
