import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { api, at } from './console';
import { createStaff, confirmDialog, COURIERS_PATH, ORDERS_PATH, openFromMenu, openIn, selectOptions, signedIn, tabTitles, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

const tab = (title: string) => page.getByTestId('tabs-view').locator('.ant-tabs-tab', { hasText: title });

async function tabMenu(title: string, action: string): Promise<void> {
  await tab(title).locator('[data-tab-path]').click({ button: 'right' });
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The top-level entries of the sidebar (groups are closed on the home page). */
async function topMenu(): Promise<string[]> {
  return (await page.getByTestId('sidebar').getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

describe('the menu comes from the server and follows the role (SPEC §2, §6)', () => {
  it('a warehouse user sees only their screens and buttons, and the server refuses the rest', async () => {
    const account = { username: `wh${Date.now()}`, password: 'Wh-Staff-2026!' };
    await createStaff(account, 'warehouse', 'Warehouse', { realName: 'Warehouse Staff' });

    page = await signedIn(browser, '/home');
    const adminMenu = await topMenu();
    expect(adminMenu).toEqual(expect.arrayContaining(['Home', 'User center', 'Operation', 'CRM', 'System']));
    expect(await page.getByTestId('permission-hint').count()).toBe(0);

    page = await signedIn(browser, '/home', { account });
    const staffMenu = await topMenu();
    expect(staffMenu).toEqual(['Home', 'Operation', 'WMS center']);
    await page.getByTestId('permission-hint').getByText('Contact the administrator', { exact: false }).waitFor();

    await openFromMenu(page, 'Operation', 'Ginee OMS', 'Order', 'Logistics configuration');
    await page.getByRole('button', { name: 'Export' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);

    const refused = await api('POST', 'user/search', {}, await tokenFor(account));
    expect(refused.status).toBe(403);
  });
});

describe('tabs view (SPEC §2)', () => {
  it('keeps each page, refreshes, closes others and survives a reload; home is affixed', async () => {
    page = await signedIn(browser, '/home');
    expect(await tabTitles(page)).toEqual(['Home']);
    expect(await tab('Home').locator('.ant-tabs-tab-remove').count()).toBe(0);

    await openFromMenu(page, 'Operation', 'Ginee OMS', 'Order', 'Logistics configuration');
    const search = page.getByTestId('couriers-page').getByRole('textbox', { name: 'Courier name' });
    await search.fill('kept while away');
    await openFromMenu(page, 'Orders');
    await page.getByTestId('list-tabs').waitFor();
    expect(await tabTitles(page)).toEqual(['Home', 'Logistics configuration', 'Orders']);

    await tab('Logistics configuration').click();
    await page.waitForURL((url) => url.pathname === COURIERS_PATH);
    expect(await search.inputValue()).toBe('kept while away');

    await tabMenu('Logistics configuration', 'Refresh');
    await page.waitForURL((url) => url.pathname === COURIERS_PATH);
    await expect.poll(() => page.getByTestId('couriers-page').getByRole('textbox', { name: 'Courier name' }).inputValue()).toBe('');

    await tabMenu('Orders', 'Close others');
    await page.waitForURL((url) => url.pathname === ORDERS_PATH);
    expect(await tabTitles(page)).toEqual(['Home', 'Orders']);

    await page.reload();
    await page.getByTestId('tabs-view').waitFor();
    expect(await tabTitles(page)).toEqual(['Home', 'Orders']);

    // Closing the tab on screen goes to the last remaining tab.
    await page.goto(at(COURIERS_PATH));
    await tab('Orders').click();
    await page.getByTestId('breadcrumb').getByText('Orders').waitFor();
    await tab('Orders').locator('.ant-tabs-tab-remove').click();
    await page.waitForURL((url) => url.pathname === COURIERS_PATH);
    expect(await tabTitles(page)).toEqual(['Home', 'Logistics configuration']);

    await tabMenu('Home', 'Close all');
    await page.waitForURL((url) => url.pathname === '/home');
    expect(await tabTitles(page)).toEqual(['Home']);
  });
});

describe('navbar', () => {
  it('route search finds visible screens by a sloppy title, never hidden ones', async () => {
    page = await signedIn(browser, '/home');
    await page.getByRole('button', { name: 'Search pages' }).click();
    const box = page.getByRole('combobox', { name: 'Search pages' });
    await box.fill('Order detail');
    await selectOptions(page).first().waitFor();
    expect(await selectOptions(page).allInnerTexts()).not.toContainEqual(expect.stringMatching(/Order detail$/));
    await box.fill('zzqqxx');
    await page.getByText('No page matches.').waitFor();
    await box.fill('logistc');
    await selectOptions(page).filter({ hasText: 'Operation > Ginee OMS > Order > Logistics configuration' }).waitFor();
    const tracked = page.waitForRequest((request) => request.url().endsWith('/cms/access-tracking/add'));
    await box.press('Enter');
    await page.getByTestId('breadcrumb').getByText('Logistics configuration').waitFor();
    expect(new URL(page.url()).pathname).toBe(COURIERS_PATH);
    // SPEC §2: a named route reports the visit to access tracking.
    expect((await tracked).postDataJSON()).toEqual({ name: 'logistics-configuration', accessURL: COURIERS_PATH });
  });

  it('subscribes to a recently visited page: saved 2 s after the last change, shown in the navbar and on home', async () => {
    await api('POST', 'history/subscription', { subscriptionList: [] }, await tokenFor());
    page = await signedIn(browser, COURIERS_PATH);
    await page.getByRole('button', { name: 'Subscribed pages' }).click();
    const choice = page.getByTestId('subscribe-panel').getByRole('checkbox', { name: 'Logistics configuration' });
    const saved = page.waitForRequest((request) => request.url().endsWith('/cms/history/subscription'));
    await choice.check();
    const changed = Date.now();
    const body = (await saved).postDataJSON() as { subscriptionList: unknown };
    expect(Date.now() - changed).toBeGreaterThanOrEqual(1500);
    expect(body.subscriptionList).toEqual([{ name: 'logistics-configuration', accessURL: COURIERS_PATH }]);
    await page.getByText('Subscribed pages saved. Refresh the page', { exact: false }).waitFor();
    await page.getByTestId('recent-pages').getByRole('button', { name: 'Logistics configuration' }).waitFor();

    await page.getByTestId('tabs-view').locator('[data-tab-path="/home"]').click();
    await page.getByTestId('home-subscribed').getByRole('link', { name: 'Logistics configuration' }).waitFor();
  });

  it('switching the language changes the menu, the table and the validation messages', async () => {
    page = await signedIn(browser, COURIERS_PATH);
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();

    await page.getByTestId('sidebar').getByRole('menuitem', { name: '运营', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: '物流商名称' }).waitFor();
    expect(await page.getByTestId('breadcrumb').innerText()).toBe('物流配置');
    await page.getByRole('button', { name: '新增' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByText('物流商名称：此项为必填项').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: /^取\s?消$/ }).click();

    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('columnheader', { name: 'Nama kurir' }).waitFor();
    await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Operasional', exact: true }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('id');
  });

  it('settings are kept after a reload', async () => {
    page = await signedIn(browser, '/home');
    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.getByTestId('settings-drawer');
    await drawer.getByRole('switch', { name: 'Show tabs' }).click();
    await drawer.getByRole('switch', { name: 'Show footer' }).click();
    await drawer.getByRole('textbox', { name: 'Footer text' }).fill('Ginee Ops Console');
    await drawer.getByRole('button', { name: 'Use the colour #722ed1' }).click();
    expect(await page.getByTestId('tabs-view').count()).toBe(0);

    await page.reload();
    await page.getByTestId('shell-footer').getByText('Ginee Ops Console').waitFor();
    expect(await page.getByTestId('tabs-view').count()).toBe(0);
    const cookies = await browser.context.cookies(at('/'));
    expect(decodeURIComponent(cookies.find((cookie) => cookie.name === 'theme')?.value ?? '')).toBe('#722ed1');
  });

  it('logout asks first, then loads the login page', async () => {
    page = await signedIn(browser, '/home', { fresh: true });
    await page.getByRole('button', { name: 'Account' }).click();
    expect(await page.getByTestId('avatar-username').innerText()).toBe('admin');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await confirmDialog(page, 'Do you want to exit the system?').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

describe('unsaved changes (SPEC §2: "closing a page with unsaved content warns")', () => {
  it('asks before leaving a dirty form, and before unloading the page', async () => {
    page = await signedIn(browser, '/home');
    await openFromMenu(page, 'Operation', 'Ginee OMS', 'Order', 'Logistics configuration');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('dialog').getByLabel('Courier name').fill('Draft');

    await page.goBack();
    await confirmDialog(page, 'Leave this page?').getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe(COURIERS_PATH);
    expect(await page.getByRole('dialog').getByLabel('Courier name').inputValue()).toBe('Draft');

    const unload = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }));
    await page.close({ runBeforeUnload: true });
    expect(await unload).toBe('beforeunload');
  });

  it('leaves when the user agrees', async () => {
    page = await signedIn(browser, '/home');
    await openFromMenu(page, 'Operation', 'Ginee OMS', 'Order', 'Logistics configuration');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('dialog').getByLabel('Courier name').fill('Draft');
    await page.goBack();
    await confirmDialog(page, 'Leave this page?').getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
  });
});

describe('errors (SPEC §8)', () => {
  it('a refused call shows its message, path and transaction id', async () => {
    page = await signedIn(browser, '/home');
    // The route asks ahead of the page and says nothing of a refusal; the page asks again and tells its own.
    const replies: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/cms/courier/search')) replies.push(response.headers()['x-transaction-id'] ?? '');
    });
    await page.goto(at(`${COURIERS_PATH}?sort=nope`));

    const notice = page.getByTestId('api-error');
    await notice.waitFor();
    const transactionId = replies.at(-1)!;
    expect(transactionId).toMatch(/^[0-9a-f]{16,}$/);
    expect(await notice.count()).toBe(1);
    expect(await notice.innerText()).toContain('/cms/courier/search');
    expect(await notice.innerText()).toContain(`Transaction ID: ${transactionId}`);
    await page.getByText('Cannot sort by "nope"').waitFor();
  });
});

describe('mobile (SPEC §2: below 992px the sidebar closes)', () => {
  it('hides the sidebar below 992px and opens it over the page', async () => {
    page = await signedIn(browser, '/home', { viewport: { width: 800, height: 900 } });
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await page.getByTestId('shell').getAttribute('data-mobile')).toBe('true');

    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    const drawer = page.getByTestId('mobile-sidebar');
    await openIn(drawer, 'Operation', 'Ginee OMS', 'Order', 'Logistics configuration');
    await page.waitForURL((url) => url.pathname === COURIERS_PATH);
    await drawer.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('shell').getAttribute('data-mobile')).toBeNull();
  });
});
