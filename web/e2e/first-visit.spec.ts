import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { screenshotOnFailure } from './failures';
import { firstVisit, waterfall } from './first-visit';

const browser = specBrowser();
let page: Page;
screenshotOnFailure('first-visit', () => page);

/** The account lists: merchants' accounts (all of them) and the console's own users. */
const LISTS = [
  { name: 'all merchant accounts', path: '/operation/accounts/accounts/ginee-account', table: 'merchants-table' },
  { name: 'users', path: '/user-center/user', table: 'users-table' },
];

describe('the account lists on a first visit (empty cache)', () => {
  for (const list of LISTS) {
    it(`${list.name}: the search goes out with the page, behind one call for every enumeration, not a dozen`, async () => {
      const opened = await firstVisit(browser, list.path, list.table);
      page = opened.page;
      const { visit } = opened;
      console.info(`${list.name}: first rows at ${visit.firstRows} ms\n${waterfall(visit)}`);
      expect(visit.search, 'the list was searched').toBeDefined();
      const api = visit.before.filter((entry) => entry.name.startsWith('/cms/') && entry.name !== visit.search!.name);
      // Before the search nothing is asked twice, and the enumerations of its filters and cells in one call.
      const asked = api.filter((entry) => entry.start < visit.search!.start).map((entry) => entry.name);
      expect(new Set(asked).size, asked.join(', ')).toBe(asked.length);
      expect(asked.filter((name) => name.startsWith('/cms/common/enums')).length, asked.join(', ')).toBeLessThanOrEqual(1);
    });
  }
});
