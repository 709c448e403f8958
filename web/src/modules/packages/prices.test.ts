import { describe, expect, it } from 'vitest';
import { countText, dailyOrders, pricePreview } from './prices';

describe('package price preview (SPEC §5)', () => {
  it('rounds the tax up to a whole unit: "tax rounded up"', () => {
    expect(pricePreview('1000001', '11', '1', 'IDR')).toEqual({ tax: '110001', totalPrice: '1110002', actualPayment: '1110001' });
    expect(pricePreview('100', '0.01', '0', 'USD')?.tax).toBe('1.00');
  });

  it('takes the discounted price off: "tax zero or less gives amount minus discounted price"', () => {
    expect(pricePreview('500', '0', '20', 'PHP')).toEqual({ tax: '0.00', totalPrice: '500.00', actualPayment: '480.00' });
    expect(pricePreview('500', '', '', 'PHP')?.actualPayment).toBe('500.00');
  });

  it('is exact where a float is not', () => {
    expect(pricePreview('100000000000', '11', '0.1', 'USD')?.actualPayment).toBe('110999999999.90');
  });

  it('waits for readable inputs', () => {
    expect(pricePreview('', '11', '0', 'IDR')).toBeUndefined();
    expect(pricePreview('abc', '11', '0', 'IDR')).toBeUndefined();
  });
});

describe('orders and counts', () => {
  it('daily orders are monthly divided by 30, rounded down', () => {
    expect(dailyOrders(3029)).toBe(100);
    expect(dailyOrders(29)).toBe(0);
    expect(dailyOrders(undefined)).toBeUndefined();
  });

  it('shows -1 as unlimited', () => {
    expect(countText(-1, 'Unlimited')).toBe('Unlimited');
    expect(countText(10, 'Unlimited')).toBe('10');
    expect(countText(null, 'Unlimited')).toBe('');
  });
});
