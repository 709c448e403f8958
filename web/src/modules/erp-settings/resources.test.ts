import { describe, expect, it } from 'vitest';
import { ORDER_SETTING_TABS } from './OrderSettingPage';
import { basic, checkPrefix, pushRules, templates } from './resources';

const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`) as never;

describe('ERP settings forms check what the server checks (domain/rules/erp_settings.py)', () => {
  it('takes an order number prefix of upper-case letters and digits only', () => {
    expect(checkPrefix('ID7', 'Prefix', t)).toBeUndefined();
    expect(checkPrefix('id-7', 'Prefix', t)).toContain('rule.orderNoPrefix');
  });

  it('picks the merchant once, then keeps it: a row belongs to its merchant', () => {
    const merchant = basic.columns.find((column) => column.key === 'merchantId');
    expect(merchant?.form).toMatchObject({ required: true, fixed: true });
    expect(pushRules.columns.find((column) => column.key === 'shopId')?.form).toMatchObject({ required: true, createOnly: true });
  });

  it('lists each page\'s templates of its own kind only', () => {
    expect(templates('SHIPPING').fixed).toEqual({ kind: ['SHIPPING'] });
  });

  it('gives the order settings page its tabs in order, the history last (other modules join before it)', () => {
    expect(ORDER_SETTING_TABS.map((tab) => tab.key)).toEqual(['settings', 'templates', 'interception', 'history']);
  });
});
