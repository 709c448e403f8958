import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { confirmDialog, rowAction, signedIn } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('mail', () => page);

const STAMP = Date.now().toString(36);
const SUBJECT = `Daily figures ${STAMP}`;
const RECIPIENT = `figures.${STAMP}@example.com`;
const LIST = '/system/message-center/manage-mail/timed-mail';
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
    const form = page.getByTestId('timed-mail-form');
    const recipients = form.getByRole('combobox', { name: 'Recipients' });
    await recipients.fill(RECIPIENT);
    await recipients.press('Enter');
    await form.getByLabel('Subject').fill(SUBJECT);
    await form.getByRole('textbox', { name: 'Content' }).fill('The figures of the day.');
    // Daily, first send at the next minute but one in Jakarta: the schedule itself sends it.
    const sendAt = form.getByRole('textbox', { name: 'Send date and time' });
    await sendAt.click();
    await sendAt.fill(wallIn(ZONE, 2));
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
    await expect.poll(() => page.getByTestId('mail-next-sends').locator('.ant-list-item').count()).toBe(5);
    await form.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => url.pathname === LIST);
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
});
