import type { components } from '../../api/schema';
import { defineResource } from '../../components/resource';
import { WarehouseSkuFilter } from '../warehouses/SkuInput';
import { WarehouseInput } from '../warehouses/WarehouseInput';

export type StockChange = components['schemas']['StockChangePublic'];

/** SPEC §3 stock change record: one row per movement, with original, change and new stock (api/routers/stock.py). */
export const stockChanges = defineResource<StockChange>({
  name: 'stock-changes',
  namespace: 'stock',
  api: 'stock/change',
  permission: 'stock-change-record',
  actions: ['export'],
  defaultSort: '-id',
  columns: [
    { key: 'sku', title: 'sku', priority: 'key', filter: { input: WarehouseSkuFilter }, copyable: true, sorter: true },
    { key: 'warehouseId', title: 'warehouse', table: false, filter: { input: WarehouseInput } },
    { key: 'warehouseName', title: 'warehouse', priority: 'key' },
    { key: 'movementType', title: 'movementType', type: 'enum', enum: 'StockMovementType', priority: 'key', filter: { multiple: true } },
    { key: 'quantity', title: 'quantity', type: 'number', sorter: true },
    { key: 'originalOnHand', title: 'originalOnHand', type: 'number' },
    { key: 'changeOnHand', title: 'changeOnHand', type: 'number', priority: 'key' },
    { key: 'newOnHand', title: 'newOnHand', type: 'number', priority: 'key' },
    { key: 'changeLocked', title: 'changeLocked', type: 'number', priority: 'wide' },
    { key: 'newLocked', title: 'newLocked', type: 'number', priority: 'wide' },
    { key: 'changeTransit', title: 'changeTransit', type: 'number', priority: 'wide' },
    { key: 'newTransit', title: 'newTransit', type: 'number', priority: 'wide' },
    { key: 'changePromotion', title: 'changePromotion', type: 'number', hidden: true },
    { key: 'changeSpare', title: 'changeSpare', type: 'number', hidden: true },
    { key: 'shelfCode', title: 'shelf', priority: 'wide' },
    { key: 'toShelfCode', title: 'toShelf', hidden: true },
    { key: 'reason', title: 'reason', priority: 'wide', ellipsis: true },
    { key: 'documentNo', title: 'documentNo', filter: true, copyable: true },
    { key: 'actorName', title: 'actor', priority: 'wide' },
    { key: 'createdAt', title: 'createdAt', type: 'datetime', filter: true, sorter: true },
  ],
});
