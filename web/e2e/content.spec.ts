import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { api } from './console';
import { openFromMenu, pick, rowAction, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;
let token: string;

const NOTICES_PATH = '/operation/accounts/saas-management/manage-content/notices-faq-manage';
const TIPS_PATH = '/operation/accounts/saas-management/manage-content/tips-manage';
const TAKEN = 'Tip already exists on the page: delete or modify the existing one';
const RUN = `Run ${String.fromCharCode(...[...Date.now().toString(36)].map((c) => 97 + (parseInt(c, 36) % 26)))}`;
const dialog = () => page.getByRole('dialog');

beforeAll(async () => {
  token = await tokenFor();
});

screenshotOnFailure('content', () => page);

/** The tips of one country, deleted so this run's pages are free whatever an earlier run left. */
async function clearTips(country: string) {
  const found = await api<{ items: { id: number }[] }>('POST', 'tip/search', { country: [country], pageSize: 100 }, token);
  for (const tip of found.data?.items ?? []) await api('DELETE', `tip/delete/${tip.id}`, undefined, token);
}

describe('notices, FAQ and tips (SPEC §3, §5, §8, §9)', () => {
  // Three screens on a busy machine: a longer budget than one screen's.
  it('publishes a draft notice and the home page shows it in the reader\'s language', { timeout: 120_000 }, async () => {
    const now = Date.now();
    const title = `${RUN} maintenance`;
    const added = await api<{ id: number }>('POST', 'notice/add', {
      kind: 'NOTICE', title, language: 'en', state: 'DRAFT', pinned: false,
      startAt: new Date(now - 60_000).toISOString(), releaseAt: new Date(now - 60_000).toISOString(),
      endAt: new Date(now + 86_400_000).toISOString(), text: '<p>The ERP is <b>read-only</b> tonight.</p>',
    }, token);
    expect(added.code, added.message).toBe('SUCCESS');

    const latest = await api<{ id: number }[]>('GET', 'notice/latest', undefined, token);
    expect(latest.data.map((n) => n.id)).not.toContain(added.data.id); // a draft is not shown

    page = await signedIn(browser, `${NOTICES_PATH}?title=${encodeURIComponent(title)}`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    await rowAction(page, row, 'Edit');
    await pick(page, dialog().getByRole('combobox', { name: 'State' }), 'Online');
    // The text in the rich-text editor: a sentence added at the end, its time in bold from the toolbar.
    const text = dialog().getByRole('textbox', { name: 'Text' });
    await text.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Back at ');
    await dialog().getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('06:00');
    await dialog().getByTestId('rich-text-count').getByText('43 / 300', { exact: false }).waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await row.getByText('Online', { exact: true }).waitFor();

    await openFromMenu(page, 'Home');
    const shown = page.getByTestId(`home-notice-${added.data.id}`);
    await shown.getByText(title).waitFor();
    await shown.locator('b, strong', { hasText: 'read-only' }).waitFor();
    await shown.locator('strong', { hasText: '06:00' }).waitFor();
  });

  it('refuses a second tip on a page of the same country with its message', { timeout: 120_000 }, async () => {
    await clearTips('VN');
    const now = Date.now();
    const tip = (pages: string[]) => ({
      country: 'VN', pages, startAt: new Date(now).toISOString(), endAt: new Date(now + 86_400_000).toISOString(),
      content: `${RUN} <a href="{host}/order/list">orders</a>`,
    });
    expect((await api('POST', 'tip/add', tip(['REPORTS']), token)).code).toBe('SUCCESS');
    expect((await api('POST', 'tip/add', tip(['PROMOTION']), token)).code).toBe('SUCCESS');

    page = await signedIn(browser, `${TIPS_PATH}?country=VN`);
    const row = page.getByRole('row', { name: /Promotion/ });
    await row.waitFor();
    await rowAction(page, row, 'Edit');
    await pick(page, dialog().getByRole('combobox', { name: 'Pages' }), 'Reports');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText(TAKEN).first().waitFor();
    const kept = await api<{ items: { pages: string[] }[] }>('POST', 'tip/search', { country: ['VN'], pages: ['PROMOTION'] }, token);
    expect(kept.data?.items.map((t) => t.pages)).toEqual([['PROMOTION']]);
  });
});
