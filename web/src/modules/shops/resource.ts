import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { permissionOf } from '../../app/access/operations';
import { MerchantInput } from '../merchants/MerchantInput';
import { defineResource, type Column, type RowAction } from '../../components/resource';
import { toast } from '../../components/feedback';

export type Shop = components['schemas']['ShopPublic'];

/** SPEC §3 shop fields; the server half is api/routers/shops.py. */
const columns: Column<Shop>[] = [
  { key: 'id', title: 'id', sorter: true, copyable: true },
  { key: 'name', title: 'name', priority: 'key', filter: true, copyable: true, sorter: true, width: 200, ellipsis: true },
  { key: 'merchantEmail', title: 'merchantEmail', priority: 'key', filter: true, copyable: true, width: 220, ellipsis: true },
  { key: 'merchantId', title: 'merchantId', filter: { input: MerchantInput }, hidden: true },
  { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel', filter: { multiple: true }, sorter: true },
  { key: 'country', title: 'country', type: 'enum', enum: 'Country', filter: { multiple: true } },
  { key: 'externalShopId', title: 'externalShopId', filter: true, copyable: true },
  { key: 'externalShopName', title: 'externalShopName', hidden: true },
  { key: 'connectionType', title: 'connectionType', hidden: true },
  { key: 'connectionStatus', title: 'connectionStatus', type: 'enum', enum: 'ShopConnectionStatus', priority: 'key', filter: { multiple: true } },
  { key: 'bound', title: 'bound', type: 'boolean' },
  { key: 'latestOrderSyncAt', title: 'latestOrderSyncAt', type: 'datetime', sorter: true, filter: true, priority: 'wide' },
  { key: 'latestProductSyncAt', title: 'latestProductSyncAt', type: 'datetime', hidden: true },
  { key: 'chatUrl', title: 'chatUrl', type: 'url', hidden: true },
  { key: 'logoUrl', title: 'logoUrl', type: 'url', hidden: true },
  { key: 'unboundAt', title: 'unboundAt', type: 'datetime', hidden: true },
];

/** Bind and unbind, each confirmed first and audited by the server. */
const bindActions: RowAction<Shop>[] = [
  {
    key: 'unbind',
    label: 'unbind',
    permission: permissionOf('POST /cms/shop/unbind'),
    danger: true,
    confirm: 'unbindConfirmShort',
    when: (shop) => shop.bound,
    run: async (shop, context) => {
      await api.post('/cms/shop/unbind', { body: { id: shop.id } });
      toast.success(String(shop.name));
      context.reload();
    },
  },
  {
    key: 'bind',
    label: 'bind',
    permission: permissionOf('POST /cms/shop/bind'),
    confirm: 'bindConfirmShort',
    when: (shop) => !shop.bound,
    run: async (shop, context) => {
      await api.post('/cms/shop/bind', { body: { id: shop.id } });
      toast.success(String(shop.name));
      context.reload();
    },
  },
];

const shared = { namespace: 'shops', columns, defaultSort: '-id', rowActions: bindActions, actions: ['export'] as const };

export const allShops = defineResource<Shop>({ ...shared, name: 'shops', api: 'shop', permission: 'shops-all' });

/** Specific shops: the shops of a named merchant (email or id) or one external shop id. */
export const specificShops = defineResource<Shop>({
  ...shared,
  name: 'shops-specific',
  api: 'shop/specific',
  permission: 'shops-specific',
  hint: 'specificHint',
  searchable: (filters) => ['merchantEmail', 'merchantId', 'externalShopId'].some((key) => Boolean(filters[key])),
});
