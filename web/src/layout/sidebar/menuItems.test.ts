import { describe, expect, it } from 'vitest';
import { keyChain, uniqueOpen } from './menuItems';

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
});
