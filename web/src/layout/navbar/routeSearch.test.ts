import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../app/menuEntries';
import { routeOptions, routeSearcher, SEARCH_THRESHOLD } from './routeSearch';

function entry(identifier: string, path: string, en: string, zh: string, trail: string[] = []): MenuEntry {
  return {
    identifier, path, icon: null, hidden: false, affix: false, noCache: false,
    titles: { en, 'zh-CN': zh, id: en },
    trail: trail.map((t) => ({ en: t, 'zh-CN': t, id: t })),
  };
}

const entries = [
  entry('home', '/home', 'Home', '首页'),
  entry('logistics-configuration', '/operation/ginee-oms/order/logistics-configuration', 'Logistics configuration', '物流配置', ['Operation', 'Order']),
  entry('order-list', '/operation/ginee-oms/order/order-list', 'Orders', '订单列表', ['Operation', 'Order']),
];

describe('route search (SPEC §9: "search fuzzy threshold 0.4")', () => {
  it('uses the threshold 0.4', () => {
    expect(SEARCH_THRESHOLD).toBe(0.4);
  });

  it('finds a screen by a sloppy title', () => {
    const search = routeSearcher(routeOptions(entries, 'en'));
    expect(search('logistc')[0]?.path).toBe('/operation/ginee-oms/order/logistics-configuration');
    expect(search('xyzzy')).toEqual([]);
    expect(search('  ')).toEqual([]);
  });

  it('searches the titles of the current language and labels them with their directories', () => {
    const options = routeOptions(entries, 'zh-CN');
    const search = routeSearcher(options);
    expect(search('物流')[0]?.title).toBe('物流配置');
    expect(options[1]!.label).toBe('Operation > Order > 物流配置');
  });
});
