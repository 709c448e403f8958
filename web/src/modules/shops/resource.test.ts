import { describe, expect, it } from 'vitest';
import { allShops, specificShops } from './resource';
import { allExpenses } from '../expenses/resource';

// SPEC §3 "Shop: shop id, name, channelId, country, external shop id and name, logo, chat URL, merchant email,
// latest order and product sync times, connection type and status, bind or unbind", by their wire names.
const SHOP_FIELDS = ['id', 'name', 'channel', 'country', 'externalShopId', 'externalShopName', 'logoUrl', 'chatUrl',
  'merchantEmail', 'latestOrderSyncAt', 'latestProductSyncAt', 'connectionType', 'connectionStatus', 'bound'];
// The payment records (SPEC §4 PAID, PENDING, FAILED, CANCEL) with every field the server sends of them.
const PAYMENT_FIELDS = ['id', 'merchantEmail', 'merchantId', 'planName', 'subscriptionId', 'amount', 'currency', 'status',
  'paymentSerial', 'paidAt', 'createdAt'];

const shown = (columns: { key: string; table?: boolean }[]) => columns.filter((c) => c.table !== false).map((c) => c.key);

describe('the shop and expense lists show every field of SPEC §3', () => {
  it('has a column for every shop field, the shop id first, on both shop lists', () => {
    for (const resource of [allShops, specificShops]) {
      expect(SHOP_FIELDS.filter((field) => !shown(resource.columns).includes(field))).toEqual([]);
      expect(resource.columns[0]?.key).toBe('id');
    }
  });

  it('offers bind and unbind on each shop', () => {
    expect(allShops.rowActions.map((action) => action.key).sort()).toEqual(['bind', 'unbind']);
  });

  it('has a column for every field of a payment record', () => {
    expect(PAYMENT_FIELDS.filter((field) => !shown(allExpenses.columns).includes(field))).toEqual([]);
  });
});
