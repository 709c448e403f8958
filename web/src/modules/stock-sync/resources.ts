import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { defineResource, type Column, type Row, type RowAction } from '../../components/resource';
import { toast } from '../../components/feedback';
import { ShopInput } from '../shops/ShopInput';
import { SkuFilter } from '../warehouses/SkuInput';
import { MerchantWarehouseFilter, WarehouseInput } from '../warehouses/WarehouseInput';
import { MerchantInput } from '../merchants/MerchantInput';

export type Balance = components['schemas']['StockSyncBalancePublic'];
export type Inventory = components['schemas']['StockInventoryPublic'];
export type Flow = components['schemas']['StockFlowPublic'];
export type Binding = components['schemas']['StockBindingPublic'];
export type StockEvent = components['schemas']['StockEventPublic'];
export type Push = components['schemas']['StockPushPublic'];
export type Setting = components['schemas']['StockSettingPublic'];

const namespace = 'stock-sync';
const merchantId = { key: 'merchantId', title: 'merchantId', type: 'number', filter: { input: MerchantInput }, hidden: true } as const;
const merchantEmail = { key: 'merchantEmail', title: 'merchantEmail', priority: 'wide', copyable: true, ellipsis: true, width: 200 } as const;
const sku = { key: 'sku', title: 'sku', priority: 'key', filter: { input: SkuFilter }, copyable: true, sorter: true } as const;
const units = (key: string, sorter = false): Column<Row> => ({ key, title: key, type: 'number', sorter });

/** SPEC §2 /operation/ginee-oms/stock/search-warehouse-stock: every bucket of one sku in one warehouse. */
export const balances = defineResource<Balance>({
  name: 'stock-balances', namespace, entity: 'balanceEntity', api: 'stock-sync/stock', permission: 'search-warehouse-stock',
  actions: ['export'], defaultSort: 'sku',
  columns: [
    sku, merchantId, merchantEmail,
    { key: 'warehouseId', title: 'warehouseId', type: 'number', filter: { input: MerchantWarehouseFilter }, hidden: true },
    { key: 'warehouseName', title: 'warehouseName', priority: 'key' },
    units('onHand', true), units('spare'), units('locked', true), units('promotion'), units('transit'),
    { ...units('available', true), priority: 'key' },
    { key: 'updatedAt', title: 'updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ] as Column<Balance>[],
});

/** SPEC §2 /product-inventory: existing, locked and available of a sku over the merchant's warehouses. */
export const inventory = defineResource<Inventory>({
  name: 'stock-inventory', namespace, entity: 'inventoryEntity', api: 'stock-sync/inventory', permission: 'product-inventory',
  actions: ['export'], defaultSort: 'sku', hint: 'inventoryHint',
  searchable: (filters) => Boolean(filters.merchantId || filters.sku),
  columns: [
    sku, merchantId, merchantEmail, units('warehouseCount'), units('existing', true), units('locked', true),
    { ...units('available', true), priority: 'key' },
  ] as Column<Inventory>[],
});

/** SPEC §2 /product-flow: the change records as a stock flow. */
export const flow = defineResource<Flow>({
  name: 'stock-flow', namespace, entity: 'flowEntity', api: 'stock-sync/flow', permission: 'product-flow',
  actions: ['export'], defaultSort: '-id',
  columns: [
    { key: 'transactionNo', title: 'transactionNo', priority: 'key', copyable: true },
    sku, merchantId,
    { key: 'warehouseName', title: 'warehouseName' },
    // the movement before the order numbers: a channel order's long numbers must not push it under the actions
    { key: 'movementType', title: 'movementType', type: 'enum', enum: 'StockMovementType' },
    units('original'), { ...units('movement'), priority: 'key' }, units('new'),
    { key: 'erpOrderNo', title: 'erpOrderNo', filter: true, copyable: true },
    { key: 'channelOrderNo', title: 'channelOrderNo' },
    { key: 'createdAt', title: 'createdAt', type: 'datetime', sorter: true, filter: true },
  ] as Column<Flow>[],
});

/** Store-warehouse bindings: a store's channel stock is the sum of its bound warehouses with sync on. */
export const bindings = defineResource<Binding>({
  name: 'stock-bindings', namespace, entity: 'bindingEntity', api: 'stock-sync/binding', permission: 'store-warehouse-binding',
  actions: ['add', 'edit', 'delete', 'export'],
  columns: [
    { key: 'shopName', title: 'shopName', priority: 'key' },
    { key: 'shopId', title: 'shopId', type: 'number', filter: { input: ShopInput }, hidden: true, form: { required: true, createOnly: true, input: ShopInput } },
    merchantId, merchantEmail,
    { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel' },
    { key: 'country', title: 'country', type: 'enum', enum: 'Country' },
    { key: 'warehouseName', title: 'warehouseName', priority: 'key' },
    { key: 'warehouseId', title: 'warehouseId', type: 'number', filter: { input: MerchantWarehouseFilter }, hidden: true, form: { required: true, createOnly: true, input: WarehouseInput } },
    { key: 'syncEnabled', title: 'syncEnabled', type: 'boolean', filter: true, form: {} },
    { key: 'fulfils', title: 'fulfils', type: 'boolean', form: {} },
    { key: 'createdAt', title: 'createdAt', type: 'datetime', priority: 'wide' },
  ] as Column<Binding>[],
});

/** SPEC §2 /operation/ginee-oms/stock/events-warehouse-stock: syncs, fixes and switch turns. */
export const events = defineResource<StockEvent>({
  name: 'stock-events', namespace, entity: 'eventEntity', api: 'stock-sync/event', permission: 'events-warehouse-stock',
  actions: ['export'],
  columns: [
    { key: 'id', title: 'eventId', type: 'number', width: 90 },
    { key: 'kind', title: 'kind', type: 'enum', enum: 'StockEventKind', priority: 'key', filter: { multiple: true } },
    { key: 'result', title: 'result', type: 'enum', enum: 'JobResult', priority: 'key', filter: { multiple: true } },
    merchantId, merchantEmail,
    { key: 'shopName', title: 'shopName' },
    { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel', hidden: true },
    { key: 'skus', title: 'skus', format: (value) => ((value as string[] | undefined) ?? []).join(', '), ellipsis: true, width: 200 },
    { key: 'switchedOn', title: 'switchedOn', type: 'boolean', hidden: true },
    units('skuCount'), units('exceptionCount'),
    { key: 'message', title: 'message', hidden: true },
    { key: 'operatorName', title: 'operatorName', priority: 'wide' },
    { key: 'createdAt', title: 'createdAt', type: 'datetime', sorter: true, filter: true },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime', hidden: true },
  ] as Column<StockEvent>[],
});

/** SPEC §4 sync or push: a push that failed or was not pushed is tried again (api/routers/stock_sync_actions.py). */
export const canRetry = (push: Pick<Push, 'status'>) => push.status === 'PUSH_FAILED' || push.status === 'NOT_PUSHED';

const retry: RowAction<Push> = {
  key: 'retry',
  label: 'retryPush',
  permission: 'stock-push#retry',
  when: canRetry,
  run: async (push, context) => {
    try {
      await api.post('/cms/stock-sync/push/retry', { body: { id: push.id } });
      toast.success(push.sku);  // its new status shows in the reloaded list
    } finally {
      context.reload();
    }
  },
};

/** Stock push history, with the exception causes of SPEC §8. */
export const pushes = defineResource<Push>({
  name: 'stock-pushes', namespace, entity: 'pushEntity', api: 'stock-sync/push', permission: 'stock-push-history',
  actions: ['export'],
  rowActions: [retry],
  columns: [
    sku, merchantId, merchantEmail,
    { key: 'eventId', title: 'eventId', type: 'number', filter: true },
    { key: 'shopName', title: 'shopName' },
    { key: 'shopId', title: 'shopId', type: 'number', filter: { input: ShopInput }, hidden: true },
    { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel' },
    units('available'), units('promotion'), { ...units('quantity'), priority: 'key' },
    { key: 'status', title: 'status', type: 'enum', enum: 'StockSyncStatus', priority: 'key', filter: { multiple: true } },
    { key: 'cause', title: 'cause', type: 'enum', enum: 'StockExceptionCause', priority: 'key', filter: { multiple: true } },
    { key: 'pushedAt', title: 'pushedAt', type: 'datetime', filter: true },
  ] as Column<Push>[],
});

/** SPEC §2 /operation/ginee-oms/erp-settings/stock-settings: lock stock and promotion stock per merchant. */
export const settings = defineResource<Setting>({
  name: 'stock-settings', namespace, entity: 'settingEntity', api: 'stock-sync/setting', permission: 'stock-settings',
  actions: ['export'],
  columns: [
    { ...merchantId, hidden: false, priority: 'key' }, merchantEmail,
    { key: 'lockStock', title: 'lockStock', type: 'boolean', priority: 'key', filter: true },
    { key: 'promotionStock', title: 'promotionStock', type: 'boolean', priority: 'key', filter: true },
    { key: 'updatedAt', title: 'updatedAt', type: 'datetime' },
  ] as Column<Setting>[],
});
