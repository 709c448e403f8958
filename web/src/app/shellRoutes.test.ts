import { describe, expect, it } from 'vitest';
import type { MenuNode } from './access/session';
import { shellRoutes } from './shellRoutes';
import { PENDING_MODULES, pendingIdentifiers, VIEWS } from './views';

function menu(identifier: string, path: string, hidden = false): MenuNode {
  return {
    id: 1, parentId: null, identifier, menuType: 'MENU', path, title: identifier,
    titles: { en: identifier, 'zh-CN': identifier, id: identifier },
    icon: null, hidden, affix: false, noCache: false, sort: 1, alwaysShow: false, children: [],
  };
}

describe('routes of the shell (SPEC §2)', () => {
  it('gives a route to each menu entry with a view, public pages and unknown identifiers aside', () => {
    const routes = shellRoutes([
      menu('home', '/home'),
      menu('logistics-configuration', '/operation/ginee-oms/order/logistics-configuration'),
      menu('order-detail', '/orderId/:id', true),
      menu('system-info', '/info', true),
      menu('something-new', '/something/new'),
    ]);
    expect(routes.map((route) => [route.id, route.path])).toEqual([
      ['menu:home', '/home'],
      ['menu:logistics-configuration', '/operation/ginee-oms/order/logistics-configuration'],
      ['menu:order-detail', '/orderId/:id'],
      ['shell:unknown', '*'],
    ]);
    expect(routes.every((route) => typeof route.lazy === 'function')).toBe(true);
  });

  it('forwards the link-only routes to the screen their query names', () => {
    const ticket = VIEWS['ticket-detail-link'];
    const disposition = VIEWS['disposition-detail-link'];
    expect(ticket?.kind === 'redirect' && ticket.to(new URLSearchParams('ticketId=T-7'))).toBe('/ticket/T-7');
    expect(disposition?.kind === 'redirect' && disposition.to(new URLSearchParams('dispositionId=12'))).toBe('/manage-disposition/12');
  });

  it('knows every screen still waiting for its module, each once', () => {
    const listed = Object.values(PENDING_MODULES).flat();
    expect(new Set(listed).size).toBe(listed.length);
    const pending = Object.values(pendingIdentifiers()).flat();
    expect(pending.every((identifier) => VIEWS[identifier]?.kind === 'pending')).toBe(true);
  });
});
