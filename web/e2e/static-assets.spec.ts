import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { at } from './console';
import { tokenFor, withToken } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('static-assets', () => page);

describe('the built app, served as in production', () => {
  it('sends hashed assets compressed and cached for a year, and the HTML uncached', async () => {
    const html = await fetch(at('/'), { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const scripts = [...(await html.text()).matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((found) => found[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const [accept, coding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const asset = await fetch(at(scripts[0]!), { headers: { 'Accept-Encoding': accept } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-encoding'), accept).toBe(coding);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await asset.text()).length).toBeGreaterThan(1000); // decoded by fetch as a browser would
    }
  });

  it('asks for each enumeration and option list once a page, however many fields show it', async () => {
    const asked: string[] = [];
    const listed = /^\/cms\/(common\/enums\/|[a-z-]+\/options$|department\/tree$)/;
    page = await browser.freshPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (listed.test(url.pathname)) asked.push(`${url.pathname}${url.search}`);
    });
    await page.goto(withToken('/user-center/user', await tokenFor()));  // the server sets the session and CSRF cookies
    await page.getByRole('table').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((request, index) => asked.indexOf(request) !== index)).toEqual([]);
  });
});
