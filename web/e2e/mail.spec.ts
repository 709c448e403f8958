import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { confirmDialog, rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('mail', () => page);

const STAMP = Date.now().toString(36);
const SUBJECT = `Daily figures ${STAMP}`;
const RECIPIENT = `figures.${STAMP}@example.com`;
const LIST = '/system/message-center/manage-mail/timed-mail';
const HISTORY = '/system/message-center/manage-mail/mail-history';
const ZONE = 'Asia/Jakarta';

/** A wall time in the zone, `minutes` from now, as the picker takes it. */
function wallIn(zone: string, minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The mails the console's SMTP sink received for a subject (its .eml files). */
function received(subject: string): string[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((text) => text.includes(`Subject: ${subject}`));
}

const row = () => page.locator('.ant-table-row', { hasText: SUBJECT });

describe.skipIf(!inject('mailDir'))('timed mail', () => {
  it('a daily mail is created, sent by its schedule, paused and recovered', async () => {
    page = await signedIn(browser, '/timed-mail/create');
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cms/mail/add')) saves.push(request.url());
    });
    const form = page.getByTestId('timed-mail-form');
    const recipients = form.getByRole('combobox', { name: 'Recipients' });
    await recipients.fill(RECIPIENT);
    await recipients.press('Enter');
    await form.getByLabel('Subject').fill(SUBJECT);
    await form.getByRole('textbox', { name: 'Content' }).fill('The figures of the day.');
    // Daily, first send at the next minute but one in Jakarta: the schedule itself sends it. Enter takes the typed
    // time, as the picker's OK does, and leaves the rest of the form (every field valid) unsaved and open.
    const sendAt = form.getByRole('textbox', { name: 'Send date and time' });
    const first = wallIn(ZONE, 2);
    await sendAt.click();
    await sendAt.fill(first);
    await sendAt.press('Enter');
    await expect.poll(() => page.getByTestId('mail-next-sends').locator('.ant-list-item').count()).toBe(5);
    expect(new URL(page.url()).pathname).toBe('/timed-mail/create');
    expect(await sendAt.inputValue()).toBe(first);
    await form.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => url.pathname === LIST);
    expect(saves).toHaveLength(1); // the Save button's, none of Enter's
    await row().waitFor();
    await expect.poll(() => row().innerText()).toContain('In use');

    await expect.poll(() => received(SUBJECT).length, { timeout: 240_000, interval: 2_000 }).toBe(1);
    expect(received(SUBJECT)[0]).toContain(`To: ${RECIPIENT}`);

    await rowAction(page, row(), 'Pause');
    await confirmDialog(page, 'Pause this timed mail?').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row().innerText()).toContain('Paused');

    await rowAction(page, row(), 'Recover');
    await confirmDialog(page, 'Recover this timed mail?').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row().innerText()).toContain('In use');
    expect(received(SUBJECT)).toHaveLength(1); // recovering sends nobody a second mail
  }, 420_000);

  it("a timed mail's View shows its content and its next 5 sends in the mail's own zone", async () => {
    const token = await tokenFor();
    const subject = `Zoned figures ${STAMP}`;
    const created = await api<{ id: number }>('POST', 'mail/add', {
      recipients: [`zoned.${STAMP}@example.com`], subject, content: '<p>Figures of <b>São Paulo</b></p>',
      repeat: 'DAILY', sendAt: '2030-01-31T09:00:00', timeZone: 'America/Sao_Paulo',
    }, token);
    expect(created.code, created.message).toBe('SUCCESS');
    page = await signedIn(browser, LIST);
    const zoned = page.locator('.ant-table-row', { hasText: subject });
    await zoned.waitFor();
    await rowAction(page, zoned, 'View');
    const drawer = page.getByTestId('detail-drawer');
    await expect.poll(() => drawer.getByTestId('mail-content').innerText()).toBe('Figures of São Paulo');
    const sends = drawer.getByTestId('mail-next-sends').locator('.ant-list-item');
    await expect.poll(() => sends.allInnerTexts()).toEqual(
      ['01-31', '02-01', '02-02', '02-03', '02-04'].map((day) => `2030-${day} 09:00:00 GMT-03:00`));
    await api('DELETE', `mail/delete/${created.data.id}`, undefined, token);
  });

  it("a sent mail's View in the history shows its recipient, subject, attempts, reply and message id", async () => {
    const token = await tokenFor();
    const subject = `Sent now ${STAMP}`;
    const recipient = `jörg.${STAMP}@exämple.de`; // an international address, sent over SMTPUTF8 and IDNA
    const created = await api<{ id: number }>('POST', 'mail/add', {
      recipients: [recipient], subject, content: '<p>Now</p>', repeat: 'ONCE', timeZone: ZONE,
    }, token);
    expect(created.code, created.message).toBe('SUCCESS');
    type Row = { id: number; status: string; messageId: string };
    const sent = async () => {
      const found = await api<{ items: Row[] }>('POST', 'mail-history/search', { taskId: created.data.id }, token);
      return found.data.items.find((item) => item.status === 'SENT');
    };
    await expect.poll(sent, { timeout: 60_000, interval: 1_000 }).toBeTruthy();
    const mail = (await sent())!;

    page = await signedIn(browser, `${HISTORY}?taskId=${created.data.id}`);
    const row = page.locator('.ant-table-row', { hasText: subject });
    await row.waitFor();
    await rowAction(page, row, 'View');
    const drawer = page.getByTestId('detail-drawer');
    await expect.poll(() => drawer.innerText()).toContain(mail.messageId);
    const shown = await drawer.innerText();
    expect(shown).toContain(recipient);
    expect(shown).toContain(subject);
    const attempts = drawer.getByTestId('mail-attempts').locator('tbody tr');
    await expect.poll(() => attempts.count()).toBe(1);
    const attempt = await attempts.first().innerText();
    expect(attempt).toContain('Sent');
    expect(attempt).toMatch(/250 .*queued as/);
    expect(attempt).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} GMT/);
    await api('DELETE', `mail/delete/${created.data.id}`, undefined, token);
  });
});
