import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { specBrowser } from './specBrowser';
import { at } from './console';
import { ADMIN, COURIERS_PATH } from './session';

const browser = specBrowser();
let page: Page;

async function landOn(path: string): Promise<URL> {
  page = await browser.freshPage();
  await page.goto(at(path));
  return new URL(page.url());
}

describe('access rules (SPEC §2)', () => {
  it('sends a visitor without a token from /home to /login?redirect=%2Fhome', async () => {
    await landOn('/home');
    await page.waitForURL((url) => url.pathname === '/login');

    expect(new URL(page.url()).search).toBe('?redirect=%2Fhome');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Username or email').isVisible()).toBe(true);
    expect(await page.title()).toBe('Sign in - GINEE-OMP');
  });

  it('keeps the full path, query included, in the redirect', async () => {
    await landOn('/home?tab=2');
    await page.waitForURL((url) => url.pathname === '/login');

    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/home?tab=2');
  });

  it('sends / to /home, and so to the login page', async () => {
    await landOn('/');
    await page.waitForURL((url) => url.pathname === '/login');

    expect(new URL(page.url()).search).toBe('?redirect=%2Fhome');
  });

  it('asks a visitor to sign in before telling whether an unknown path exists', async () => {
    await landOn('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/login');

    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/no/such/page');
  });

  it('has a 404 page', async () => {
    await landOn('/404');

    await page.getByText('Sorry, the page you visited does not exist.').waitFor();
    expect(await page.title()).toBe('Page not found - GINEE-OMP');
  });

  it('has a 401 page', async () => {
    await landOn('/401');

    await page.getByText('Sorry, you are not allowed to open this page.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/401');
  });

  it('signs in and comes back to the page asked for, query included', async () => {
    await landOn(`${COURIERS_PATH}?name=Ninja`);
    await page.waitForURL((url) => url.pathname === '/login');

    await page.getByLabel('Username or email').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL((url) => url.pathname === COURIERS_PATH);
    expect(new URL(page.url()).searchParams.get('name')).toBe('Ninja');
    await page.getByRole('cell', { name: 'Ninja Van' }).waitFor();
    expect(await page.title()).toBe('Logistics configuration - GINEE-OMP');
  });

  it('sends a signed-in user opening /login to the home page, and an unknown path to 404', async () => {
    await landOn('/login');
    await page.getByLabel('Username or email').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/home');

    await page.goto(at('/login'));
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto(at('/no/such/page'));
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByText('Sorry, the page you visited does not exist.').waitFor();
  });

  it('shows the login, about and health pages in the console\'s font, not the browser\'s serif', async () => {
    for (const path of ['/login', '/info', '/health']) {
      await landOn(path);
      const title = page.locator('header a').first();
      await title.waitFor();
      const font = await title.evaluate((element) => getComputedStyle(element).fontFamily);
      expect(font, path).toMatch(/^-apple-system/);
    }
  });

  it('clears the failed attempt\'s notice once the user signs in', async () => {
    await landOn('/login');
    await page.getByLabel('Username or email').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('api-error').waitFor();

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await expect.poll(() => page.getByTestId('api-error').count()).toBe(0);
  });
});
