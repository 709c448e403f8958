#!/usr/bin/env node
// Fails when src/api/schema.d.ts is not what openapi-typescript makes of openapi.json, or src/api/permissions.ts
// not what scripts/gen-permissions.mjs makes of it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { permissionsSource } from './gen-permissions.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const committed = join(web, 'src', 'api', 'schema.d.ts');
const dir = mkdtempSync(join(tmpdir(), 'omp-schema-'));
const fresh = join(dir, 'schema.d.ts');
try {
  execFileSync(join(web, 'node_modules', '.bin', 'openapi-typescript'), ['./openapi.json', '-o', fresh], {
    cwd: web,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!existsSync(committed) || readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error('web/src/api/schema.d.ts does not match web/openapi.json: run `make openapi` and commit the result.');
    process.exit(1);
  }
  const permissions = join(web, 'src', 'api', 'permissions.ts');
  const expected = permissionsSource(JSON.parse(readFileSync(join(web, 'openapi.json'), 'utf8')));
  if (!existsSync(permissions) || readFileSync(permissions, 'utf8') !== expected) {
    console.error('web/src/api/permissions.ts does not match web/openapi.json: run `make openapi` and commit the result.');
    process.exit(1);
  }
  console.log('web/src/api/schema.d.ts and permissions.ts match web/openapi.json.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
