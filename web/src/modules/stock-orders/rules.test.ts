import { describe, expect, it } from 'vitest';
import {
  canAllocate, canAnswerCancel, canConfirm, canDelete, canHandover, canPack, canPick, canPrint, canProgress, canPush, canRelease, canReview,
  orderNumbers, remaining,
} from './rules';

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

  it('offers push until it succeeds, print unless cancelled, pick once pushed and pack once picked (SPEC §4)', () => {
    const out = (status: string, pushStatus: string, workingStatus: string) => ({ ...order('OUTBOUND', status), pushStatus, workingStatus });
    expect(canPush(out('CREATE', 'NORMAL', 'CREATE'))).toBe(true);
    expect(canPush(out('CREATE', 'FAIL', 'SYNC_FAIL'))).toBe(true);
    expect(canPush(out('PENDING', 'SUCCESS', 'SYNC_SUCCESS'))).toBe(false);
    expect(canPrint(out('COMPLETE', 'SUCCESS', 'OUTBOUND_DONE'))).toBe(true);
    expect(canPrint(out('INVALID', 'NORMAL', 'CREATE'))).toBe(false);
    expect(canPrint(order('INBOUND', 'CREATE'))).toBe(false);
    expect(canPick(out('CREATE', 'NORMAL', 'CREATE'))).toBe(false);
    expect(canPick(out('PENDING', 'SUCCESS', 'SYNC_SUCCESS'))).toBe(true);
    expect(canPack(out('PENDING', 'SUCCESS', 'SYNC_SUCCESS'))).toBe(false);
    expect(canPack(out('PENDING', 'SUCCESS', 'PICKING_PROCESS'))).toBe(true);
  });

  it('offers the warehouse\'s confirmation, allocate, sort and review, hand over and the cancel replies at their steps (SPEC §4)', () => {
    const out = (status: string, pushStatus: string, workingStatus: string) => ({ ...order('OUTBOUND', status), pushStatus, workingStatus });
    expect(canConfirm(out('PENDING', 'SUCCESS_WITHOUT_AWB', 'SYNC_SUCCESS'))).toBe(true);
    expect(canConfirm(out('PENDING', 'RECEIVED_PULL_AWB', 'RECEIVED'))).toBe(false);
    expect(canConfirm(out('PENDING', 'SUCCESS', 'PICKING_PROCESS'))).toBe(false);
    expect(canConfirm({ ...order('INBOUND', 'PENDING'), pushStatus: 'SUCCESS' })).toBe(true);
    expect(canAllocate(out('PENDING', 'RECEIVED', 'RECEIVED'))).toBe(true);
    expect(canAllocate(out('PENDING', 'RECEIVED', 'PICKING_PROCESS'))).toBe(false);
    expect(canReview(out('PENDING', 'RECEIVED', 'PICKING_PROCESS'))).toBe(true);
    expect(canPack(out('PENDING', 'RECEIVED', 'SORTING_AND_REVIEWING'))).toBe(true);
    expect(canHandover(out('PENDING', 'RECEIVED', 'PACKED'))).toBe(true);
    expect(canHandover(out('PENDING', 'RECEIVED', 'WAITING_PICKUP'))).toBe(false);
    const canceling = out('PENDING', 'RECEIVED', 'CANCELING');
    expect([canAnswerCancel(canceling), canProgress(canceling), canRelease(canceling), canDelete(canceling)]).toEqual([true, false, false, false]);
    expect(canAnswerCancel(out('PENDING', 'RECEIVED', 'CANCEL_FAIL'))).toBe(false);
    expect(canProgress(out('PENDING', 'RECEIVED', 'CANCEL_FAIL'))).toBe(true);
  });
});
