#!/usr/bin/env node
// Reports the gzipped size of the JavaScript the browser loads for the entry (index.html: the
// entry script and its modulepreload links), for the login page (the entry plus the login
// route's chunk and its static imports, read from dist/.vite/manifest.json) and for the first
// page after login (the entry, the shell and the home page with their static imports).
// Usage: npm run size [-- --budget 300 --login-budget 280]   (KB gzipped for each of the two, the login page's
// own budget defaulting to the other; exits 1 above either)
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// The pages measured, the same the build's chunk plan groups by (config/chunkPlan.ts).
const { login: LOGIN_ROUTE, afterLogin: FIRST_PAGE_ROUTES } = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'config', 'firstPages.json'), 'utf8'),
);
const budgetArg = process.argv.indexOf('--budget');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 300;
const loginBudgetArg = process.argv.indexOf('--login-budget');
const loginBudgetKb = loginBudgetArg > 0 ? Number(process.argv[loginBudgetArg + 1]) : budgetKb;

if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/index.html not found: run `npm run build` first.');
  process.exit(2);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const entryFiles = tags
  .filter((tag) => (tag.startsWith('<script') && /type="module"/.test(tag)) || /rel="modulepreload"/.test(tag))
  .map((tag) => attr(tag, 'src') ?? attr(tag, 'href'))
  .filter(Boolean)
  .map((url) => url.replace(/^\//, ''));

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const byKey = new Map(Object.entries(manifest));
function staticClosure(key, seen = new Set()) {
  const chunk = byKey.get(key);
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) =>
  [...files].reduce((sum, f) => ({ raw: sum.raw + size(f).raw, gzip: sum.gzip + size(f).gzip }), { raw: 0, gzip: 0 });

const loginFiles = new Set(entryFiles);
const loginKey = [...byKey.keys()].find((key) => key === LOGIN_ROUTE);
if (loginKey) staticClosure(loginKey).forEach((f) => loginFiles.add(f));
else console.warn(`warning: ${LOGIN_ROUTE} is not in the manifest; the login page figure is the entry only`);

console.log('JavaScript loaded by the entry (dist/index.html):');
for (const file of entryFiles) console.log(`  ${file.padEnd(48)} ${kb(size(file).raw).padStart(10)}  gzip ${kb(size(file).gzip).padStart(9)}`);
const entry = total(entryFiles);
console.log(`  ${'total'.padEnd(48)} ${kb(entry.raw).padStart(10)}  gzip ${kb(entry.gzip).padStart(9)}`);

console.log('\nAdded by the login route:');
for (const file of [...loginFiles].filter((f) => !entryFiles.includes(f))) {
  console.log(`  ${file.padEnd(48)} ${kb(size(file).raw).padStart(10)}  gzip ${kb(size(file).gzip).padStart(9)}`);
}
const login = total(loginFiles);
console.log(`\nLogin page JavaScript: ${kb(login.raw)} raw, ${kb(login.gzip)} gzipped (budget ${loginBudgetKb} KB)`);

const firstPageFiles = new Set(entryFiles);
for (const route of FIRST_PAGE_ROUTES) {
  if (byKey.has(route)) staticClosure(route).forEach((f) => firstPageFiles.add(f));
  else console.warn(`warning: ${route} is not in the manifest`);
}
console.log('\nAdded by the shell and the home page (the first page after login):');
for (const file of [...firstPageFiles].filter((f) => !entryFiles.includes(f))) {
  console.log(`  ${file.padEnd(48)} ${kb(size(file).raw).padStart(10)}  gzip ${kb(size(file).gzip).padStart(9)}`);
}
const firstPage = total(firstPageFiles);
console.log(`\nFirst page after login JavaScript: ${kb(firstPage.raw)} raw, ${kb(firstPage.gzip)} gzipped (budget ${budgetKb} KB)`);

const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js') && !loginFiles.has(c.file) && !firstPageFiles.has(c.file));
console.log('\nOther (lazy) chunks:');
for (const chunk of lazy.sort((a, b) => size(b.file).gzip - size(a.file).gzip)) {
  console.log(`  ${chunk.file.padEnd(48)} ${kb(size(chunk.file).raw).padStart(10)}  gzip ${kb(size(chunk.file).gzip).padStart(9)}`);
}

let over = false;
for (const [what, sum, limitKb] of [['login page', login, loginBudgetKb], ['first page after login', firstPage, budgetKb]]) {
  if (sum.gzip > limitKb * 1024) {
    console.error(`\nThe ${what} loads ${kb(sum.gzip)} of gzipped JavaScript, over the ${limitKb} KB budget.`);
    over = true;
  }
}
if (over) process.exit(1);
