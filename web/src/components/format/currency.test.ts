import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatCurrency } from './currency';

describe('currency formatting (SPEC §9: "IDR with no decimals, others 2 decimals")', () => {
  it('shows IDR without decimals, rounding', () => {
    expect(formatCurrency(1500000, 'IDR')).toBe('1,500,000');
    expect(formatCurrency(1999.6, 'idr')).toBe('2,000');
  });

  it.each(['USD', 'CNY', 'VND', 'MYR', 'PHP', 'THB', 'SGD'])('shows %s with 2 decimals', (currency) => {
    expect(formatCurrency(12.5, currency)).toBe('12.50');
    expect(currencyDecimals(currency)).toBe(2);
  });

  it('accepts numeric strings (amounts sent as Decimal text)', () => {
    expect(formatCurrency('1234.567', 'USD')).toBe('1,234.57');
  });

  it('leaves empty and unreadable values blank', () => {
    expect(formatCurrency(null, 'USD')).toBe('');
    expect(formatCurrency(undefined, 'IDR')).toBe('');
    expect(formatCurrency('', 'IDR')).toBe('');
    expect(formatCurrency('abc', 'IDR')).toBe('');
  });
});
