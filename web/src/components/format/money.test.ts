import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatMoney, toUnits, unitsToText } from './money';

describe('money formatting (SPEC §9: "IDR with no decimals, others 2 decimals")', () => {
  it('shows IDR without decimals, rounding halves away from zero', () => {
    expect(formatMoney(1500000, 'IDR')).toBe('1,500,000');
    expect(formatMoney('1999.5', 'idr')).toBe('2,000');
    expect(currencyDecimals('IDR')).toBe(0);
  });

  it.each(['USD', 'CNY', 'VND', 'MYR', 'PHP', 'THB', 'SGD'])('shows %s with 2 decimals', (currency) => {
    expect(formatMoney('12.5', currency)).toBe('12.50');
    expect(currencyDecimals(currency)).toBe(2);
  });

  it('is exact beyond what a float holds', () => {
    expect(formatMoney('100000000000.005', 'USD')).toBe('100,000,000,000.01');
    expect(formatMoney('90071992547409931.15', 'USD')).toBe('90,071,992,547,409,931.15');
    expect(formatMoney('-1234.565', 'USD')).toBe('-1,234.57');
  });

  it('groups as the locale does', () => {
    expect(formatMoney('1234567.8', 'USD', 'id-ID')).toBe('1.234.567,80');
    expect(formatMoney('1234567', 'IDR', 'id-ID')).toBe('1.234.567');
  });

  it('leaves empty and unreadable values blank', () => {
    expect(formatMoney(null, 'USD')).toBe('');
    expect(formatMoney(undefined, 'IDR')).toBe('');
    expect(formatMoney('', 'IDR')).toBe('');
    expect(formatMoney('abc', 'IDR')).toBe('');
    expect(formatMoney('1e5', 'IDR')).toBe('');
  });

  it('adds in whole minor units', () => {
    const sum = (toUnits('0.1', 2) ?? 0n) + (toUnits('0.2', 2) ?? 0n);
    expect(unitsToText(sum, 2)).toBe('0.30');
    expect(unitsToText(-5n, 2)).toBe('-0.05');
    expect(unitsToText(7n, 0)).toBe('7');
  });
});
