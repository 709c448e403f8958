import { defineResource, type Column, type RowAction } from '../../components/resource';
import { MerchantInput } from '../merchants/MerchantInput';
import { WarehouseInput } from '../warehouses/WarehouseInput';
import { MaterialInput, UsageOrderInput, UsageReturnInput } from './inputs';
import { afterSalesApi, type Material, type MaterialUsage, type ReturnOrder, type ReturnSla, type WarehouseContent } from './api';

const namespace = 'after-sales';
const merchantId = { key: 'merchantId', title: 'merchantId', type: 'number', filter: { input: MerchantInput }, hidden: true, table: false } as const;
const merchantEmail = { key: 'merchantEmail', title: 'merchantEmail', priority: 'wide', copyable: true, ellipsis: true, width: 200 } as const;
const warehouseId = { key: 'warehouseId', title: 'warehouseId', filter: { input: WarehouseInput }, hidden: true, table: false, form: { required: true, createOnly: true, input: WarehouseInput } } as const;
const warehouseName = { key: 'warehouseName', title: 'warehouseName' } as const;

/** The steps the server's transition table allows (domain/rules/after_sales.py), offered where `actions` lists them;
 *  inspection opens a dialog asking each line's good units. */
export function returnActions(inspect: (row: ReturnOrder) => void): RowAction<ReturnOrder>[] {
  const allows = (action: ReturnOrder['actions'][number]) => (row: ReturnOrder) => row.actions.includes(action);
  return [
    { key: 'receive', label: 'receive', permission: 'return#receive', when: allows('RECEIVE'),
      run: async (row, context) => { try { await afterSalesApi.receive(row.id); } finally { context.reload(); } } },
    { key: 'inspect', label: 'inspect', permission: 'return#inspect', when: allows('INSPECT'),
      run: (row) => inspect(row) },
    { key: 'restock', label: 'restock', permission: 'return#restock', confirm: 'restockConfirm', when: allows('RESTOCK'),
      run: async (row, context) => { try { await afterSalesApi.restock(row.id); } finally { context.reload(); } } },
    { key: 'reject', label: 'reject', permission: 'return#reject', danger: true, confirm: 'rejectConfirm', when: allows('REJECT'),
      run: async (row, context) => { try { await afterSalesApi.reject(row.id, 'rejected at the warehouse'); } finally { context.reload(); } } },
  ];
}

const returnColumns: Column<ReturnOrder>[] = [
  { key: 'returnNo', title: 'returnNo', priority: 'key', filter: true, copyable: true, sorter: true },
  { key: 'channelOrderNo', title: 'channelOrderNo', filter: true, copyable: true },
  merchantId, merchantEmail, warehouseId, warehouseName,
  { key: 'status', title: 'status', type: 'enum', enum: 'ReturnStatus', priority: 'key', filter: { multiple: true }, sorter: true },
  { key: 'overdue', title: 'overdue', type: 'boolean', priority: 'key', filter: true },
  { key: 'quantity', title: 'quantity', type: 'number' },
  { key: 'goodQuantity', title: 'goodQuantity', type: 'number' },
  { key: 'defectiveQuantity', title: 'defectiveQuantity', type: 'number' },
  { key: 'refundAmount', title: 'refundAmount', type: 'currency', currency: 'currency' },
  { key: 'currency', title: 'currency' },
  { key: 'requestedAt', title: 'requestedAt', type: 'datetime', sorter: true },
  { key: 'hoursToReceive', title: 'hoursToReceive', type: 'number' },
  { key: 'hoursToInspect', title: 'hoursToInspect', type: 'number' },
  { key: 'hoursToClose', title: 'hoursToClose', type: 'number' },
  { key: 'dueAt', title: 'dueAt', type: 'datetime', priority: 'wide' },
  { key: 'trackingNo', title: 'trackingNo', hidden: true },
  { key: 'rejectReason', title: 'rejectReason', hidden: true },
];

/** SPEC §2 /after-service-time: returns with each step's handling time against the warehouse's SLA. */
export function returnsResource(rowActions: RowAction<ReturnOrder>[]) {
  return defineResource<ReturnOrder>({
    name: 'after-service-time', namespace, entity: 'returnEntity', api: 'after-sales/return', permission: 'after-service-time',
    actions: ['export'], defaultSort: '-id', rowActions, columns: returnColumns,
  });
}

export const slas = defineResource<ReturnSla>({
  name: 'after-sales-sla', namespace, entity: 'slaEntity', api: 'after-sales/sla', permission: 'after-service-time',
  actions: ['add', 'edit'], defaultSort: '-id',
  columns: [
    warehouseId, warehouseName, merchantId, merchantEmail,
    { key: 'slaHours', title: 'slaHours', type: 'number', priority: 'key', form: { required: true, min: 1, max: 720 } },
    { key: 'updatedAt', title: 'updatedAt', type: 'datetime' },
  ] as Column<ReturnSla>[],
});

/** SPEC §2 /after-service-material: packing and return materials per warehouse, low stock flagged. */
export const materials = defineResource<Material>({
  name: 'after-service-material', namespace, entity: 'materialEntity', api: 'after-sales/material', permission: 'after-service-material',
  actions: ['add', 'edit', 'delete', 'export'], defaultSort: '-id',
  columns: [
    { key: 'code', title: 'code', priority: 'key', filter: true, copyable: true, sorter: true, form: { required: true, max: 32, createOnly: true } },
    { key: 'name', title: 'name', filter: true, form: { required: true, max: 100 } },
    warehouseId, warehouseName, merchantId, merchantEmail,
    { key: 'unit', title: 'unit', type: 'enum', enum: 'MaterialUnit', form: { required: true } },
    { key: 'unitCost', title: 'unitCost', type: 'number', form: { required: true, min: 0 } },
    { key: 'stock', title: 'stock', type: 'number', priority: 'key', sorter: true, form: { min: 0 } },
    { key: 'lowStockThreshold', title: 'lowStockThreshold', type: 'number', form: { min: 0 } },
    { key: 'lowStock', title: 'lowStock', type: 'boolean', priority: 'key' },
    { key: 'updatedAt', title: 'updatedAt', type: 'datetime', hidden: true },
  ] as Column<Material>[],
});

/** SPEC §2 /after-service-material, usage: units of a material used on one return or one outbound order of its
 *  warehouse, charged to the merchant; recorded with pickers (the warehouse, then its material and document). */
export const usages = defineResource<MaterialUsage>({
  name: 'after-sales-usage', namespace, entity: 'usageEntity', api: 'after-sales/material-usage', permission: 'after-service-material',
  actions: ['add', 'export'], defaultSort: '-id',
  columns: [
    warehouseId,
    { key: 'materialId', title: 'materialName', hidden: true, table: false, form: { required: true, input: MaterialInput } },
    { key: 'returnId', title: 'returnNo', hidden: true, table: false, form: { input: UsageReturnInput } },
    { key: 'stockOrderId', title: 'outboundOrder', hidden: true, table: false, form: { input: UsageOrderInput } },
    { key: 'materialCode', title: 'materialCode', priority: 'key' },
    { key: 'materialName', title: 'materialName' },
    { key: 'documentNo', title: 'documentNo', filter: true, copyable: true },
    merchantId, merchantEmail,
    { key: 'quantity', title: 'quantity', type: 'number', form: { required: true, min: 1, max: 100000 } },
    { key: 'unitCost', title: 'unitCost', type: 'number' },
    { key: 'amount', title: 'amount', type: 'number' },
    { key: 'usedAt', title: 'usedAt', type: 'datetime', sorter: true },
    { key: 'actorName', title: 'actorName', priority: 'wide' },
  ] as Column<MaterialUsage>[],
});

/** SPEC §2 /content-manage: a warehouse's notices and instructions for its staff or consignors (content states). */
export const contents = defineResource<WarehouseContent>({
  name: 'content-manage', namespace, entity: 'contentEntity', api: 'warehouse-content', permission: 'content-manage',
  actions: ['add', 'edit', 'delete'], defaultSort: '-id',
  columns: [
    { key: 'title', title: 'title', priority: 'key', filter: true, form: { required: true, max: 200 } },
    warehouseId, warehouseName,
    { key: 'audience', title: 'audience', type: 'enum', enum: 'ContentAudience', filter: true, form: { required: true } },
    { key: 'state', title: 'state', type: 'enum', enum: 'ContentState', priority: 'key', filter: { multiple: true }, form: { required: true } },
    { key: 'body', title: 'body', type: 'html', hidden: true, form: { required: true, max: 20000 } },
    { key: 'publishedAt', title: 'publishedAt', type: 'datetime' },
    { key: 'updatedAt', title: 'updatedAt', type: 'datetime', sorter: true },
  ] as Column<WarehouseContent>[],
});
