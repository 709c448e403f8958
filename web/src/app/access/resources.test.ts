import { describe, expect, it } from 'vitest';
import { PUBLISHED_PERMISSIONS } from '../../api/permissions';
import type { Permission } from './can';
import { findOperation, permissionOf } from './operations';
import { declaredResources } from '../../test/declaredResources';

/**
 * Permission codes the web checks that no route publishes as its `x-permission`: a check inside an operation
 * on one field of its body, each with where the server checks it.
 */
const CHECKED_INSIDE: Record<string, string> = {
  'deploy#override-freeze': 'api/deploy_ops.py OVERRIDE: POST /cms/deploy/run/add with overrideFreeze',
};

const known = (code: string) => PUBLISHED_PERMISSIONS.has(code) || code in CHECKED_INSIDE;
const codes = (permission: Permission | undefined): string[] =>
  permission === undefined ? [] : typeof permission === 'string' ? [permission] : [...permission];

const resources = declaredResources;

describe('permissions come from the schema (api/permissions.ts, generated from openapi.json)', () => {
  it('finds the resources', () => {
    expect(resources.length).toBeGreaterThan(30);
  });

  it.each(resources)('%s names only permissions the schema publishes', (_, resource) => {
    const named = [
      resource.permission,
      ...Object.values(resource.actions).flatMap(codes),
      ...resource.rowActions.flatMap((action) => codes(action.permission)),
      ...resource.batchActions.flatMap((action) => codes(action.permission)),
    ];
    expect(named.filter((code) => !known(code))).toEqual([]);
  });

  it.each(resources)('%s calls operations the schema has for its list', (_, resource) => {
    expect(findOperation('POST', `/cms/${resource.api}/search`)).toBeDefined();
  });

  it('every permission written in the source is one the schema publishes', () => {
    const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!**/*.test.*', '!**/api/permissions.ts'], {
      eager: true,
      query: '?raw',
      import: 'default',
    });
    const written = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/(?:permission[:=] ?|can\(|Permission=)['"]([^'"]+)['"]/g)].map((match) => `${file}: ${match[1]}`),
    );
    expect(written.length).toBeGreaterThan(10);
    expect(written.filter((entry) => !known(entry.split(': ')[1]!))).toEqual([]);
  });

  it('reads an operation permission, any one of several codes included', () => {
    expect(permissionOf('POST /cms/courier/add')).toEqual(['logistics#add']);
    expect(permissionOf('GET /cms/authority/tree-list').length).toBeGreaterThan(1);
  });
});
