#!/usr/bin/env node
// Writes src/api/permissions.ts from openapi.json: each operation's permission as the server publishes it
// (`x-permission`, and `x-permission-also` when any one of several suffices), so the web names no permission
// the server does not check. Run by `npm run gen:api`; scripts/check-api.mjs checks the file is fresh.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The text of src/api/permissions.ts for an OpenAPI document. */
export function permissionsSource(openapi) {
  const operations = [];
  const published = new Set();
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || operation['x-permission'] === undefined) continue;
      const codes = [operation['x-permission'], ...(operation['x-permission-also'] ?? [])];
      codes.forEach((code) => published.add(code));
      operations.push([`${method.toUpperCase()} ${path}`, codes]);
    }
  }
  operations.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const q = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const lines = [
    '// Generated from openapi.json by scripts/gen-permissions.mjs (`npm run gen:api`); do not edit.',
    "// Each operation's permission as the server checks it: the first code, or any one of the codes listed.",
    '',
    'export const OPERATION_PERMISSIONS = {',
    ...operations.map(([key, codes]) => `  ${q(key)}: [${codes.map(q).join(', ')}],`),
    '} as const;',
    '',
    '/** Every permission code some operation checks (`public` and `@authenticated` included). */',
    'export const PUBLISHED_PERMISSIONS: ReadonlySet<string> = new Set([',
    ...[...published].sort().map((code) => `  ${q(code)},`),
    ']);',
    '',
  ];
  return lines.join('\n');
}

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const openapi = JSON.parse(readFileSync(join(web, 'openapi.json'), 'utf8'));
  writeFileSync(join(web, 'src', 'api', 'permissions.ts'), permissionsSource(openapi));
}
