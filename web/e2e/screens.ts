import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from './console';
import { tokenFor } from './session';
import { routedEntries } from '../src/app/menuEntries';
import type { MenuNode } from '../src/app/access/session';
import { VIEWS } from '../src/app/views';

/** One screen of the console as its router registers it: a menu entry with a page (not pending, not a forward). */
export interface Screen {
  identifier: string;
  /** The route's pattern (`/review/:id`). */
  path: string;
  title: string;
  hidden: boolean;
}

/**
 * Every screen the administrator's menu gives a route, read from the server's menu tree and the web's views
 * exactly as the router does (app/shellRoutes.tsx): a screen added to either is in this list without a test
 * naming it.
 */
export async function allScreens(): Promise<Screen[]> {
  const menus = await api<MenuNode[]>('GET', 'user/menus', undefined, await tokenFor());
  expect(menus.code, menus.message).toBe('SUCCESS');
  return routedEntries(menus.data, VIEWS)
    .filter((entry) => VIEWS[entry.identifier]?.kind === 'page')
    .map((entry) => ({ identifier: entry.identifier, path: entry.path, title: entry.titles.en, hidden: entry.hidden }));
}

async function first<T>(path: string, body: Record<string, unknown> = {}, pick: (row: T) => boolean = () => true): Promise<T> {
  const reply = await api<{ items: T[] }>('POST', path, { page: 1, pageSize: 50, ...body }, await tokenFor());
  expect(reply.code, `${path}: ${reply.message}`).toBe('SUCCESS');
  const found = reply.data.items.find(pick);
  expect(found, `${path} has a row to open (demo data)`).toBeDefined();
  return found!;
}

type Id = { id: number };

let task: Promise<number> | undefined;

/** A deploy task to open (the demo data has none): one of an earlier run, or one added to a project of its own. */
function deployTask(): Promise<number> {
  task ??= (async () => {
    const admin = await tokenFor();
    const found = await api<{ items: Id[] }>('POST', 'deploy/task/search', { page: 1, pageSize: 1 }, admin);
    if (found.data.items[0]) return found.data.items[0].id;
    const code = `layout${Date.now().toString(36)}`;
    const project = await api<Id>('POST', 'deploy/project/add', { code, name: 'Layout', deployCommand: 'echo deployed', timeLimitMinutes: 5 }, admin);
    expect(project.code, project.message).toBe('SUCCESS');
    const added = await api<Id>('POST', 'deploy/task/add', {
      name: `Layout ${code}`, projectId: project.data.id, version: '1.0.0', environment: 'TEST', serverIps: ['10.2.0.1'], params: {},
    }, admin);
    expect(added.code, added.message).toBe('SUCCESS');
    return added.data.id;
  })();
  return task;
}
type Kind = Id & { kind: string };
const DAY = '2026-01-01';

/**
 * The address of each screen that needs a record (a route parameter or an `id` in its query), opened on a record
 * of the demo data. A detail screen added to the menu without an address here fails `addressOf`.
 */
const ADDRESSES: Record<string, () => Promise<string>> = {
  'erp-package-create': async () => '/operation/manage-accounts/saas-management/erp/package-permission/create/1',
  'common-package-create': async () => '/operation/manage-accounts/saas-management/common/package-permission/create/1',
  'erp-package-edit': async () =>
    `/operation/manage-accounts/saas-management/erp/package-permission/edit/${(await first<Kind>('package/search', {}, (p) => p.kind === 'ERP')).id}`,
  'common-package-edit': async () =>
    `/operation/manage-accounts/saas-management/common/package-permission/edit/${(await first<Kind>('package/search', {}, (p) => p.kind === 'COMMON')).id}`,
  'common-permission-edit': async () =>
    `/operation/manage-accounts/saas-management/common/permission/edit/${(await first<Kind>('package/search', {}, (p) => p.kind !== 'ERP')).id}`,
  'common-permission-view': async () =>
    `/operation/manage-accounts/saas-management/common/permission/view/${(await first<Kind>('package/search', {}, (p) => p.kind !== 'ERP')).id}`,
  'ginee-iam-detail': async () => `/operation/ginee-iam/genie-iam-detail?id=${(await first<Id>('merchant/search')).id}`,
  'shelf-merge-detail': async () => `/warehouse-setting/location-management/shelf-merge/${(await first<Id>('shelf-merge/search')).id}`,
  'review-modify': async () => `/review/modify/${await deployTask()}`,
  'review-detail': async () => `/review/${await deployTask()}`,
  'approval-detail': async () => `/approval/${(await first<Id>('subscription/search')).id}`,
  'order-detail': async () => `/orderId/${(await first<Id>('order/search')).id}`,
  'heartbeat-detail': async () => `/system/heartbeat/detail?id=${(await first<Id>('heartbeat/search')).id}`,
  'timed-mail-edit': async () => `/timed-mail/edit?id=${(await first<Id>('mail/search')).id}`,
  'ticket-view': async () => `/ticket/${(await first<Id>('ticket/search')).id}`,
  'ticket-detail': async () => `/ticket/detail/${DAY}/${(await first<Id>('ticket/search')).id}`,
  'ticket-saas-detail': async () => {
    const ticket = await first<Id & { accountId: string | null }>('ticket/search', {}, (row) => Boolean(row.accountId));
    return `/ticket/saas-detail/${DAY}/${ticket.id}/${encodeURIComponent(ticket.accountId ?? '')}`;
  },
};

/** Where to open a screen: its path, or for a screen of one record the address of a record of the demo data. */
export async function addressOf(screen: Screen): Promise<string> {
  const address = ADDRESSES[screen.identifier];
  if (address) return address();
  expect(screen.path, `${screen.identifier} needs a record: give it an address in e2e/screens.ts`).not.toContain(':');
  return screen.path;
}

/** The page has asked for what it shows and drawn it: no request for half a second, no spinner, no skeleton. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [data-testid="page-loading"]'));
}

/**
 * How far the page as a whole is wider than the window (0: it fits; a table may still scroll inside itself), and
 * the outermost elements that stick out unclipped, to say what to fix.
 */
export function pageOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.position === 'fixed') return true; // a drawer or a popup: it never widens the page
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const sticking = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element));
    const outermost = sticking.filter((element) => !sticking.includes(element.parentElement as Element));
    const name = (element: Element) => {
      const id = element.getAttribute('data-testid');
      const classes = [...element.classList].slice(0, 2).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${id ? `[${id}]` : ''} to ${Math.round(element.getBoundingClientRect().right)} px`;
    };
    return { overflow: document.documentElement.scrollWidth - width, culprits: outermost.slice(0, 5).map(name) };
  });
}

/**
 * The key and status columns of every table on the page that a fixed column (the row actions) covers, or that lie
 * outside the table's scroller, when the table is scrolled to its start: "Status" is readable without scrolling.
 */
export function coveredColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const table of document.querySelectorAll<HTMLElement>('.ant-table')) {
      const scroller = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? table;
      const view = scroller.getBoundingClientRect();
      const header = [...table.querySelectorAll<HTMLElement>('thead th')];
      const fixed = header.filter((cell) => getComputedStyle(cell).position === 'sticky' && getComputedStyle(cell).right !== 'auto');
      const end = Math.min(view.right, ...fixed.map((cell) => cell.getBoundingClientRect().left));
      for (const cell of header) {
        const key = cell.dataset.column ?? '';
        if (fixed.includes(cell) || !(cell.dataset.priority === 'key' || /(status|state)$/i.test(key))) continue;
        const box = cell.getBoundingClientRect();
        if (box.width === 0 || box.left < view.left - 0.5 || box.right > end + 0.5) {
          covered.push(`${cell.innerText.trim() || key} [${Math.round(box.left)}-${Math.round(box.right)} of ${Math.round(view.left)}-${Math.round(end)}]`);
        }
      }
    }
    return covered;
  });
}
