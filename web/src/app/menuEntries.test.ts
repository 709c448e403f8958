import { describe, expect, it } from 'vitest';
import type { MenuNode } from './access/session';
import { menuEntries, routedEntries, searchableEntries, titleIn, visibleMenu } from './menuEntries';
import type { View } from './views';

let nextId = 1;
function node(identifier: string, menuType: MenuNode['menuType'], path: string | null, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id: nextId++,
    parentId: null,
    identifier,
    menuType,
    path,
    title: identifier,
    titles: { en: `${identifier} en`, 'zh-CN': `${identifier} zh`, id: `${identifier} id` },
    icon: null,
    hidden: false,
    affix: false,
    noCache: false,
    sort: 1,
    alwaysShow: false,
    children: [],
    ...extra,
  };
}

const tree: MenuNode[] = [
  node('home', 'MENU', '/home', { affix: true }),
  node('operation', 'DIRECTORY', '/operation', {
    children: [
      node('oms-order', 'DIRECTORY', '/operation/ginee-oms/order', {
        children: [
          node('logistics-configuration', 'MENU', '/operation/ginee-oms/order/logistics-configuration'),
          node('order-detail', 'MENU', '/orderId/:id', { hidden: true }),
          node('unknown-screen', 'MENU', '/somewhere'),
        ],
      }),
    ],
  }),
  node('empty', 'DIRECTORY', '/empty', { children: [node('unknown-too', 'MENU', '/empty/x')] }),
  node('system-info', 'MENU', '/info', { hidden: true }),
];

const page: View = { kind: 'page', load: async () => ({ default: () => null }), namespaces: [] };
const views: Record<string, View> = {
  home: page,
  'logistics-configuration': page,
  'order-detail': { kind: 'pending', module: 'crm' },
  'system-info': { kind: 'public' },
};

describe('routes from the menu tree (SPEC §2)', () => {
  it('flattens every menu entry with the titles of the directories above it', () => {
    const entries = menuEntries(tree);
    expect(entries.map((e) => e.identifier)).toEqual([
      'home', 'logistics-configuration', 'order-detail', 'unknown-screen', 'unknown-too', 'system-info',
    ]);
    expect(entries[1]!.trail.map((t) => t.en)).toEqual(['operation en', 'oms-order en']);
  });

  it('routes only entries whose identifier has a registered view, public pages aside', () => {
    expect(routedEntries(tree, views).map((e) => e.identifier)).toEqual(['home', 'logistics-configuration', 'order-detail']);
  });

  it('keeps hidden routes out of the search', () => {
    expect(searchableEntries(routedEntries(tree, views)).map((e) => e.identifier)).toEqual(['home', 'logistics-configuration']);
  });

  it('keeps hidden entries, entries without a view and empty directories out of the sidebar', () => {
    const routed = new Set(routedEntries(tree, views).map((e) => e.identifier));
    const menu = visibleMenu(tree, routed);
    expect(menu.map((n) => n.identifier)).toEqual(['home', 'operation']);
    expect(menu[1]!.children[0]!.children.map((n) => n.identifier)).toEqual(['logistics-configuration']);
  });

  it('titles in the chosen language, Thai and Vietnamese falling back to English', () => {
    const titles = { en: 'Home', 'zh-CN': '首页', id: 'Beranda' };
    expect(titleIn(titles, 'zh-CN')).toBe('首页');
    expect(titleIn(titles, 'id')).toBe('Beranda');
    expect(titleIn(titles, 'th')).toBe('Home');
    expect(titleIn(titles, 'vi')).toBe('Home');
  });
});
