import { describe, expect, it } from 'vitest';
import { canDelete, canProgress, canRelease, orderNumbers, remaining } from './rules';

const order = (direction: string, status: string, lines = [{ planned: 10, done: 4 }]) => ({ direction, status, lines });

describe('stock order actions', () => {
  it.each([
    ['CREATE', true],
    ['PENDING', true],
    ['PART_COMPLETE', true],
    ['COMPLETE', false],
    ['INVALID', false],
    ['PART_INVALID', false],
  ])('an order that is %s offers receive, ship, cancel and void: %s', (status, offered) => {
    expect(canProgress(order('OUTBOUND', status))).toBe(offered);
    expect(canRelease(order('INBOUND', status))).toBe(offered);
  });

  it('offers delete only on outbound orders awaiting outbound (SPEC §4)', () => {
    expect(canDelete(order('OUTBOUND', 'CREATE'))).toBe(true);
    expect(canDelete(order('OUTBOUND', 'PENDING'))).toBe(true);
    expect(canDelete(order('OUTBOUND', 'PART_COMPLETE'))).toBe(false);
    expect(canDelete(order('INBOUND', 'CREATE'))).toBe(false);
  });

  it('takes what remains of each line for a full receipt or shipment', () => {
    expect(remaining(order('INBOUND', 'PART_COMPLETE', [{ planned: 10, done: 4 }, { planned: 5, done: 5 }]))).toEqual([6, 0]);
  });

  it('reads several order numbers from one search box', () => {
    expect(orderNumbers(' OB-1, IB-2\nOB-1 ;IB/3 ')).toEqual(['OB-1', 'IB-2', 'IB/3']);
    expect(orderNumbers('  ')).toEqual([]);
  });
});
