import { chromium } from 'playwright-core';
const U = 'http://127.0.0.1:54349';
const r = await fetch(U + '/cms/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Omp-Admin-2026!', rememberMe: false }) });
const token = (await r.json()).data.token;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
page.on('pageerror', (e) => console.log('PAGEERROR', e.stack));
page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text().slice(0, 500)));
for (const path of process.argv.slice(2)) {
  await page.goto(U + path + '?token=' + token);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/pw/probe' + path.replaceAll('/', '_') + '.png' });
  console.log(path, await page.locator('[data-testid=shell]').count());
}
await browser.close();
