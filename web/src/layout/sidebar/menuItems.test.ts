import { describe, expect, it } from 'vitest';
import { keyChain, openFor, uniqueOpen } from './menuItems';

const parentOf = new Map([
  ['dir:oms-order', 'dir:operation'],
  ['dir:accounts', 'dir:operation'],
  ['/operation/ginee-oms/order/logistics-configuration', 'dir:oms-order'],
]);

describe('sidebar groups', () => {
  it('knows the way to a page', () => {
    expect(keyChain('/operation/ginee-oms/order/logistics-configuration', parentOf)).toEqual([
      '/operation/ginee-oms/order/logistics-configuration', 'dir:oms-order', 'dir:operation',
    ]);
  });

  it('with unique-opened, opening a group closes its siblings but keeps its parents (SPEC §9: one group open at a time)', () => {
    expect(uniqueOpen(['dir:operation', 'dir:accounts'], ['dir:operation', 'dir:accounts', 'dir:oms-order'], parentOf))
      .toEqual(['dir:operation', 'dir:oms-order']);
    expect(uniqueOpen(['dir:operation'], ['dir:operation', 'dir:system'], parentOf)).toEqual(['dir:system']);
  });

  it('closing a group just closes it', () => {
    expect(uniqueOpen(['dir:operation', 'dir:oms-order'], ['dir:operation'], parentOf)).toEqual(['dir:operation']);
  });

  describe('the way to the page on screen', () => {
    const page = '/operation/ginee-oms/order/logistics-configuration';
    it('on arrival with unique-opened, only the way stays open', () => {
      expect(openFor(page, ['dir:system'], parentOf, { uniqueOpened: true, arrived: true })).toEqual(['dir:oms-order', 'dir:operation']);
    });
    it('without unique-opened, or when the menu changes under the same page, the way is added to what is open', () => {
      expect(openFor(page, ['dir:system'], parentOf, { uniqueOpened: false, arrived: true })).toEqual(['dir:system', 'dir:oms-order', 'dir:operation']);
      expect(openFor(page, ['dir:system'], parentOf, { uniqueOpened: true, arrived: false })).toEqual(['dir:system', 'dir:oms-order', 'dir:operation']);
    });
    it('a page outside any group closes nothing, so a group opened while home settles stays open', () => {
      expect(openFor('/home', ['dir:operation'], parentOf, { uniqueOpened: true, arrived: true })).toEqual(['dir:operation']);
    });
  });
});
