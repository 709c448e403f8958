import { describe, expect, it } from 'vitest';
import { checkCode, checkSku } from './resources';

const t = (key: string, options?: Record<string, unknown>) => `${key}:${String(options?.field)}`;

describe('the warehouse forms check codes and SKUs as the server does (domain/rules/warehouses.py)', () => {
  it.each(['WH-JKT-01', ' A1 ', 'shelf_2.b'])('takes the code %s', (code) => {
    expect(checkCode(code, 'Shelf code', t as never)).toBeUndefined();
  });

  it.each(['WH 01', '-WH', 'WH/01', '仓库1'])('refuses the code %s naming the field', (code) => {
    expect(checkCode(code, 'Shelf code', t as never)).toBe('rule.code:Shelf code');
  });

  it.each(['TSHIRT-RED-XL', 'kopi/250g', 'baju#1'])('takes the SKU %s', (sku) => {
    expect(checkSku(sku, 'SKU', t as never)).toBeUndefined();
  });

  it.each(['RED XL', 'A\u0001B'])('refuses the SKU %j naming the field', (sku) => {
    expect(checkSku(sku, 'SKU', t as never)).toBe('rule.sku:SKU');
  });
});
