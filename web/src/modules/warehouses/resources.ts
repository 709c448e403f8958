import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { permissionOf } from '../../app/access/operations';
import { defineResource, type Column, type RowAction } from '../../components/resource';
import { toast } from '../../components/feedback';
import type { Translate } from '../../i18n';
import { MerchantInput } from '../merchants/MerchantInput';
import { AreaInput, WarehouseInput } from './WarehouseInput';

export type Warehouse = components['schemas']['WarehousePublic'];
export type WarehouseArea = components['schemas']['WarehouseAreaPublic'];
export type Shelf = components['schemas']['ShelfPublic'];
export type WmsProduct = components['schemas']['WmsProductPublic'];

/** A code as the server checks it (domain/rules/warehouses.py): letters, digits and `. _ -`, typed on labels. */
export const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** A SKU as the server checks it: no spaces or control characters inside. */
export const SKU = /^[^\s\x00-\x1f\x7f]+$/; // eslint-disable-line no-control-regex -- control characters are what a SKU may not hold

export function checkCode(value: unknown, label: string, t: Translate): string | undefined {
  return CODE.test(String(value).trim()) ? undefined : t('rule.code', { field: label });
}

export function checkSku(value: unknown, label: string, t: Translate): string | undefined {
  return SKU.test(String(value).trim()) ? undefined : t('rule.sku', { field: label });
}

const merchant: Column<Warehouse>[] = [
  { key: 'merchantEmail', title: 'merchantEmail', priority: 'key', filter: true, copyable: true, width: 200, ellipsis: true },
  { key: 'merchantId', title: 'merchantId', type: 'number', filter: { input: MerchantInput }, hidden: true, form: { required: true, createOnly: true, input: MerchantInput } },
];

/** Enable and disable, confirmed first; the server refuses to disable the default warehouse, naming the rule. */
const statusActions: RowAction<Warehouse>[] = [true, false].map((enabled) => ({
  key: enabled ? 'enable' : 'disable',
  label: enabled ? 'enable' : 'disable',
  permission: permissionOf(enabled ? 'POST /cms/warehouse/enable' : 'POST /cms/warehouse/disable'),
  danger: !enabled,
  confirm: enabled ? 'enableConfirm' : 'disableConfirm',
  when: (row: Warehouse) => row.enabled !== enabled,
  run: async (row: Warehouse, context) => {
    await api.post(enabled ? '/cms/warehouse/enable' : '/cms/warehouse/disable', { body: { id: row.id } });
    toast.success(String(row.name));
    context.reload();
  },
}));

/** SPEC §2 /warehouse-setting/warehouse-list; the server half is api/routers/warehouses.py. */
export const warehouses = defineResource<Warehouse>({
  name: 'warehouses',
  api: 'warehouse',
  permission: 'warehouse-list',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: '-id',
  rowActions: statusActions,
  columns: [
    { key: 'id', title: 'id', sorter: true, hidden: true },
    { key: 'name', title: 'name', priority: 'key', filter: true, sorter: true, form: { required: true, max: 100 } },
    { key: 'code', title: 'code', priority: 'key', filter: true, sorter: true, copyable: true, form: { required: true, max: 64, check: checkCode } },
    ...(merchant),
    { key: 'provider', title: 'provider', type: 'enum', enum: 'FulfillmentProvider', filter: { multiple: true }, form: {} },
    { key: 'type', title: 'warehouseType', type: 'enum', enum: 'WarehouseType', filter: { multiple: true }, form: {} },
    { key: 'usageMode', title: 'usageMode', type: 'enum', enum: 'WarehouseUsageMode', filter: true, priority: 'wide', form: {} },
    { key: 'owner', title: 'owner', filter: true, form: { max: 100 } },
    { key: 'address', title: 'address', width: 240, ellipsis: true, form: { max: 500 } },
    { key: 'isDefault', title: 'isDefault', type: 'boolean', filter: true, form: {} },
    { key: 'enabled', title: 'enabled', type: 'boolean', priority: 'key', filter: true, form: { createOnly: true } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ],
});

// the warehouse stays once set (shown in the edit form, so its areas are the ones offered)
const inWarehouse = { key: 'warehouseId', title: 'warehouse', table: false, filter: { input: WarehouseInput }, form: { required: true, fixed: true, input: WarehouseInput } } as const;
const locationActions = ['add', 'edit', 'delete', 'export', 'import'] as const;

/** SPEC §3 WMS: a warehouse's product areas, each with its location code. */
export const areas = defineResource<WarehouseArea>({
  name: 'warehouse-areas',
  namespace: 'warehouses',
  entity: 'areaEntity',
  api: 'warehouse-area',
  permission: 'location-management',
  actions: locationActions,
  defaultSort: '-id',
  columns: [
    inWarehouse,
    { key: 'warehouseName', title: 'warehouse', priority: 'key' },
    { key: 'code', title: 'locationCode', priority: 'key', filter: true, sorter: true, copyable: true, form: { required: true, max: 64, check: checkCode } },
    { key: 'name', title: 'areaName', priority: 'key', filter: true, sorter: true, form: { required: true, max: 100 } },
    { key: 'shelfCount', title: 'shelfCount', type: 'number' },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ],
});

/** SPEC §3 Warehouse: shelf code and name, in a warehouse (and one of its areas when it has them). */
export const shelves = defineResource<Shelf>({
  name: 'warehouse-shelves',
  namespace: 'warehouses',
  entity: 'shelfEntity',
  api: 'warehouse-shelf',
  permission: 'location-management',
  actions: locationActions,
  defaultSort: '-id',
  columns: [
    inWarehouse,
    { key: 'warehouseName', title: 'warehouse', priority: 'key' },
    { key: 'areaId', title: 'area', table: false, form: { input: AreaInput } },
    { key: 'areaName', title: 'area' },
    { key: 'code', title: 'shelfCode', priority: 'key', filter: true, sorter: true, copyable: true, form: { required: true, max: 64, check: checkCode } },
    { key: 'name', title: 'shelfName', filter: true, sorter: true, form: { required: true, max: 100 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ],
});

/** SPEC §3 WMS product: sku, name, variant, category 1-23, weight in g, size in cm, remark. */
export const products = defineResource<WmsProduct>({
  name: 'wms-products',
  namespace: 'warehouses',
  entity: 'productEntity',
  api: 'wms-product',
  permission: 'product-library',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: '-id',
  columns: [
    { key: 'sku', title: 'sku', priority: 'key', filter: true, sorter: true, copyable: true, form: { required: true, max: 100, createOnly: true, check: checkSku } },
    { key: 'name', title: 'productName', priority: 'key', filter: true, sorter: true, width: 220, ellipsis: true, form: { required: true, max: 300 } },
    { key: 'variant', title: 'variant', form: { max: 200 } },
    ...(merchant as unknown as Column<WmsProduct>[]),
    { key: 'category', title: 'category', type: 'enum', enum: 'ProductCategory', priority: 'key', filter: { multiple: true }, form: { required: true } },
    { key: 'weightG', title: 'weightG', type: 'number', sorter: true, form: { required: true, min: 1, max: 1_000_000 } },
    { key: 'lengthCm', title: 'lengthCm', type: 'number', form: { min: 0, max: 10_000 } },
    { key: 'widthCm', title: 'widthCm', type: 'number', form: { min: 0, max: 10_000 } },
    { key: 'heightCm', title: 'heightCm', type: 'number', form: { min: 0, max: 10_000 } },
    { key: 'remark', title: 'remark', hidden: true, form: { max: 500 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ],
});
