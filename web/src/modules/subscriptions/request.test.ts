import { describe, expect, it } from 'vitest';
import { freeDaysAllowed, RECEIPT_PATTERN, restated, submitBody } from './request';
import type { SubscriptionRequest } from './api';

describe('the subscribe and gift dialog bodies', () => {
  it('sends each chosen package with its count, blank texts as null, the payment time as an instant', () => {
    const body = submitBody('SUBSCRIBE', 9, {
      packages: [3, 4], counts: { 4: 5 }, freeDays: 7, receiptNumber: ' INV 1 ', paymentSerial: 'TRX-1',
      paymentAt: new Date('2026-11-20T03:00:00Z'), remark: '  ',
    }, 'key-1');
    expect(body).toMatchObject({
      kind: 'SUBSCRIBE', merchantId: 9, packages: [{ packageId: 3, count: 1 }, { packageId: 4, count: 5 }], freeDays: 7,
      receiptNumber: 'INV 1', paymentSerial: 'TRX-1', paymentAt: '2026-11-20T03:00:00.000Z', remark: null, requestKey: 'key-1',
    });
  });

  it('sends the key of its dialog, so its own double submit joins and another dialog of the receipt is refused', () => {
    expect(submitBody('GIFT', 9, { packages: [3] }, 'key-1').requestKey).toBe('key-1');
    expect(submitBody('SUBSCRIBE', 9, { packages: [3] }, 'key-2').requestKey).toBe('key-2');
  });

  it('allows a paid subscription the free days its packages offer, a gift up to 365', () => {
    expect(freeDaysAllowed('SUBSCRIBE', [14, 7])).toBe(14);
    expect(freeDaysAllowed('SUBSCRIBE', [])).toBe(0);
    expect(freeDaysAllowed('GIFT', [0])).toBe(365);
  });

  it('restates the versions, counts and free days the confirmation shows', () => {
    const request = { freeDays: 7, packages: [{ packageId: 3, versionId: 30, count: 2, displayName: 'Pro' }] } as unknown as SubscriptionRequest;
    expect(restated(request)).toEqual({ packages: [{ packageId: 3, versionId: 30, count: 2 }], freeDays: 7 });
  });

  it('takes receipt numbers of letters, digits, _, - and spaces only (SPEC §5)', () => {
    expect(RECEIPT_PATTERN.test('INV_2026-01 A')).toBe(true);
    expect(RECEIPT_PATTERN.test('INV/1')).toBe(false);
  });
});
