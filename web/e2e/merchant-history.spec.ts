import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { sql } from './database';
import { createStaff, signedIn } from './session';
import { formatTime } from '../src/components/format/time';

const browser = specBrowser();
let page: Page;

const STAMP = Date.now().toString(36);
/** A reader who reads Chinese, in New York's time zone (set in the profile), far from the business calendar's. */
const READER = { username: `historian.${STAMP}`, password: 'Read-History-2026!' };
const ZONE = 'America/New_York';
const CHANGES = 23; // a page of 20, then a page of 3
const FIRST_AT = '2026-11-20T01:02:03Z';
let merchantId = 0;

/** `FIRST_AT` + n minutes, as the server stores the change's time. */
const changedAt = (n: number) => new Date(Date.parse(FIRST_AT) + n * 60_000).toISOString();

beforeAll(async () => {
  await createStaff(READER, 'owner', 'Historian', { timeZone: ZONE });
  const [merchant] = await sql<{ id: number }>(
    `insert into merchants (email, phone, country, registration_source, package_state) values (%s, %s, 'ID', 'SYS_ERP', 'NOT_PAID') returning id`,
    [`history${STAMP}@shop.example`, `+62813${Date.now().toString().slice(-8)}`],
  );
  merchantId = merchant!.id;
  await sql(
    `insert into entity_changes (transaction_id, operator_name, entity, entity_id, action, changes, at)
     select 'history-' || n, 'Auditor', 'Merchant', %s, 'update',
            jsonb_build_object('package_state', jsonb_build_object('before', 'NOT_PAID', 'after', 'BASIC')),
            %s::timestamptz + n * interval '1 minute'
     from generate_series(0, %s - 1) n`,
    [String(merchantId), FIRST_AT, CHANGES],
  );
});

screenshotOnFailure('merchant-history', () => page);

const rows = () => page.getByTestId('merchant-history').locator('tbody tr.ant-table-row');

describe("a merchant's action history, as its reader reads it (SPEC §2 merchant detail)", () => {
  it('pages through the changes, field labels and values in the reader language, times in the reader zone', async () => {
    page = await signedIn(browser, '/user/center', { account: READER, viewport: { width: 1920, height: 1000 } });
    await page.evaluate(() => window.localStorage.setItem('language', 'zh-CN'));
    await page.goto(`${new URL(page.url()).origin}/operation/ginee-iam/genie-iam-detail?id=${merchantId}`);
    await page.getByRole('tab', { name: '操作记录' }).click();

    await expect.poll(() => rows().count()).toBe(20);
    const newest = await rows().first().innerText();
    expect(newest).toContain(formatTime(changedAt(CHANGES - 1), ZONE)); // newest first, on New York's clocks
    expect(formatTime(changedAt(CHANGES - 1), ZONE)).toMatch(/ GMT-05:00$/);
    expect(newest).toContain('套餐状态: 未付费 → 基础版');
    expect(newest).not.toMatch(/packageState|NOT_PAID|BASIC/);
    await page.getByTitle('2', { exact: true }).last().click(); // the second page
    await expect.poll(() => rows().count()).toBe(CHANGES - 20);
    expect(await rows().last().innerText()).toContain(formatTime(FIRST_AT, ZONE));
  });
});
