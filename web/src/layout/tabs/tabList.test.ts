import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../app/menuEntries';
import { close, closeAll, closeOthers, landingAfterClose, restore, visit, withAffixed, type Tab } from './tabList';

const tab = (path: string, affix = false): Tab => ({ path, fullPath: path, identifier: path.slice(1), affix, noCache: false });
const home = tab('/home', true);
const couriers = tab('/couriers');
const orders = tab('/orders');
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);

describe('tabs view (SPEC §2)', () => {
  it('adds a visited page once, keeping its latest address', () => {
    const tabs = visit(visit([home], couriers), { ...couriers, fullPath: '/couriers?page=2' });
    expect(paths(tabs)).toEqual(['/home', '/couriers']);
    expect(tabs[1]!.fullPath).toBe('/couriers?page=2');
  });

  it('never closes affixed tabs: close, close others, close all', () => {
    const tabs = [home, couriers, orders];
    expect(paths(close(tabs, '/home'))).toEqual(['/home', '/couriers', '/orders']);
    expect(paths(close(tabs, '/couriers'))).toEqual(['/home', '/orders']);
    expect(paths(closeOthers(tabs, '/orders'))).toEqual(['/home', '/orders']);
    expect(paths(closeAll(tabs))).toEqual(['/home']);
  });

  it('after closing the active tab goes to the last remaining tab, else home', () => {
    expect(landingAfterClose([home, { ...couriers, fullPath: '/couriers?page=3' }])).toBe('/couriers?page=3');
    expect(landingAfterClose([])).toBe('/home');
  });

  it('puts affixed pages first', () => {
    expect(paths(withAffixed([couriers, home], [home]))).toEqual(['/home', '/couriers']);
    expect(paths(withAffixed([couriers], [home]))).toEqual(['/home', '/couriers']);
  });

  it('restores only tabs of pages the user can still open', () => {
    const entry = { identifier: 'couriers', affix: false, noCache: false } as MenuEntry;
    const routed = new Map([['couriers', entry]]);
    const stored = [{ path: '/couriers', fullPath: '/couriers?page=2', identifier: 'couriers' }, { path: '/gone', fullPath: '/gone', identifier: 'gone' }, 'junk'];
    expect(restore(stored, routed)).toEqual([{ path: '/couriers', fullPath: '/couriers?page=2', identifier: 'couriers', affix: false, noCache: false }]);
    expect(restore('not a list', routed)).toEqual([]);
  });
});
