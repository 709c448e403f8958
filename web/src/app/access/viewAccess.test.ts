import { describe, expect, it } from 'vitest';
import { PUBLISHED_PERMISSIONS } from '../../api/permissions';
import { findOperation, permissionOf } from './operations';
import { holds } from './can';
import { opens, routedPaths } from './canOpen';
import type { MenuNode } from './session';
import { merchantPath } from '../../modules/merchants/resource';
import { declaredResources } from '../../test/declaredResources';

const resources = declaredResources;

const menu = (identifier: string, path: string): MenuNode =>
  ({ identifier, path, menuType: 'MENU', hidden: true, children: [], titles: { en: identifier } }) as unknown as MenuNode;

describe('"view" is offered only to those who may open what it opens (SPEC §6)', () => {
  it.each(resources.filter(([, resource]) => !resource.detailPath))('%s: the drawer needs its detail operation', (_, resource) => {
    const detail = findOperation('GET', new RegExp(`^/cms/${resource.api.replace(/[/-]/g, '\\$&')}/detail/\\{[^/}]+\\}$`));
    if (detail) expect(resource.view).toEqual(permissionOf(detail));
    // without a detail route the drawer could only fail: its code is one no one holds
    else expect([resource.view].flat().filter((code) => PUBLISHED_PERMISSIONS.has(code))).toEqual([]);
  });

  it('a reader of the merchant list without the merchant detail screen gets no way to it', () => {
    const list = menu('ginee-account', '/operation/accounts/ginee-account');
    expect(opens(routedPaths([list]), merchantPath(3))).toBe(false);
    const detail = menu('ginee-iam-detail', '/operation/ginee-iam/genie-iam-detail');
    expect(opens(routedPaths([list, detail]), merchantPath(3))).toBe(true);
  });

  it('matches route parameters and ignores the query', () => {
    const paths = routedPaths([menu('approval-detail', '/approval/:id')]);
    expect(opens(paths, '/approval/12?tab=log')).toBe(true);
    expect(opens(paths, '/review/12')).toBe(false);
  });

  it('a holder of the list but not of the detail operation is not offered the drawer', () => {
    const narrow = { permissions: ['task-schedule'], isSuper: false };
    const records = resources.find(([, resource]) => resource.api === 'job-record')?.[1];
    expect(records).toBeDefined();
    expect(holds(narrow, records!.view)).toBe(false);
    expect(holds({ permissions: ['task-log'], isSuper: false }, records!.view)).toBe(true);
  });
});
