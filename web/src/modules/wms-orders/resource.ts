import { api, type PathOf } from '../../api/client';
import { permissionOf } from '../../app/access/operations';
import type { components } from '../../api/schema';
import { defineResource, type BatchAction, type Column } from '../../components/resource';
import { toast } from '../../components/feedback';
import { MerchantInput } from '../merchants/MerchantInput';
import { MerchantWarehouseFilter } from '../warehouses/WarehouseInput';
import { WmsHistory } from './WmsHistory';

export type WmsOrder = components['schemas']['WmsOrderPublic'];

/** SPEC §4 WMS order states as the list's tabs (labelled as the order tabs, which they are), each with its count. */
export const WMS_TABS = ['ALL', 'PENDING', 'SHIPPING', 'COMPLETED', 'ABNORMAL', 'CANCELLED'] as const;

/** SPEC §3 WMS order: order no, tracking number, recipient and address, source, logistic information, status,
 *  content; the server half is api/routers/wms_orders.py. */
const columns: Column<WmsOrder>[] = [
  { key: 'orderNo', title: 'orderNo', priority: 'key', filter: true, copyable: true, sorter: true, width: 190 },
  { key: 'wmsStatus', title: 'wmsStatus', type: 'enum', enum: 'WmsOrderStatus', priority: 'key', filter: true, table: false },
  { key: 'workingStatus', title: 'workingStatus', type: 'enum', enum: 'OutboundWorkingStatus', priority: 'key', filter: { multiple: true } },
  { key: 'printStatus', title: 'printStatus', type: 'enum', enum: 'PrintStatus', priority: 'key', filter: { multiple: true } },
  { key: 'logisticNo', title: 'logisticNo', copyable: true, priority: 'key', filter: true },
  { key: 'courierName', title: 'courierName', priority: 'wide' },
  { key: 'deliveryMethod', title: 'deliveryMethod', type: 'enum', enum: 'ShippingMethod', hidden: true },
  { key: 'recipientName', title: 'recipientName', priority: 'wide' },
  { key: 'recipientPhone', title: 'recipientPhone', hidden: true },
  { key: 'recipientAddress', title: 'recipientAddress', priority: 'wide', ellipsis: true, width: 240 },
  { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel', priority: 'wide' },
  { key: 'shopName', title: 'shopName', priority: 'wide', ellipsis: true },
  { key: 'channelOrderNo', title: 'channelOrderNo', copyable: true, filter: true, priority: 'wide' },
  { key: 'mergedOrders', title: 'mergedOrders', priority: 'wide', ellipsis: true },
  { key: 'content', title: 'content', priority: 'wide', ellipsis: true, width: 200 },
  { key: 'plannedQuantity', title: 'plannedQuantity', type: 'number', hidden: true },
  { key: 'waveNo', title: 'waveNo', filter: true, hidden: true },
  { key: 'abnormalReason', title: 'abnormalReason', type: 'enum', enum: 'AbnormalReason', priority: 'wide' },
  { key: 'abnormalNote', title: 'abnormalNote', hidden: true },
  { key: 'printCount', title: 'printCount', type: 'number', hidden: true },
  { key: 'printedAt', title: 'printedAt', type: 'datetime', hidden: true },
  { key: 'merchantEmail', title: 'merchantEmail', priority: 'wide', width: 200, ellipsis: true },
  { key: 'merchantId', title: 'merchantId', filter: { input: MerchantInput }, hidden: true, table: false },
  { key: 'warehouseName', title: 'warehouseName', priority: 'wide' },
  { key: 'warehouseId', title: 'warehouseId', filter: { input: MerchantWarehouseFilter }, hidden: true, table: false },
  { key: 'createdAt', title: 'common.createdAt', type: 'datetime', sorter: true, priority: 'wide', filter: true },
];

type StepPath = Extract<PathOf<'post'>, `/cms/wms-order/${string}`>;
type Post = (path: StepPath, init: { body: { ids: number[] } }) => Promise<unknown>;

export const allowedFor = (path: StepPath) => permissionOf(`POST ${path}`);

async function post(path: StepPath, rows: WmsOrder[], done: string, reload: () => void) {
  try {
    await (api.post as Post)(path, { body: { ids: rows.map((row) => row.id) } });
    toast.success(done);
  } finally {
    reload();
  }
}

/** The screen's own dialogs: packing asks for the carrier and each parcel's tracking number, abnormal for a reason. */
export interface ProcessDialogs {
  pack(rows: WmsOrder[]): void;
  abnormal(rows: WmsOrder[]): void;
}

/** SPEC §4 outbound working steps, in the order they happen; all or nothing (the server names what it refuses). */
function batchActions(dialogs: ProcessDialogs, t: (key: string) => string): BatchAction<WmsOrder>[] {
  const step = (path: StepPath) => ({
    permission: allowedFor(path), run: (rows: WmsOrder[], c: { reload: () => void }) => post(path, rows, t('done'), c.reload),
  });
  return [
    { key: 'allocate', label: 'allocate', ...step('/cms/wms-order/allocate') },
    { key: 'wave', label: 'wave', ...step('/cms/wms-order/wave') },
    { key: 'picked', label: 'picked', ...step('/cms/wms-order/picked') },
    { key: 'pack', label: 'pack', permission: allowedFor('/cms/wms-order/pack'), run: (rows) => dialogs.pack(rows) },
    { key: 'handover', label: 'handover', confirm: 'handoverConfirm', ...step('/cms/wms-order/handover') },
    { key: 'abnormal', label: 'abnormal', permission: allowedFor('/cms/wms-order/abnormal'), run: (rows) => dialogs.abnormal(rows) },
    { key: 'resume', label: 'resume', ...step('/cms/wms-order/resume') },
    { key: 'cancel', label: 'cancel', danger: true, confirm: 'cancelConfirm', ...step('/cms/wms-order/cancel') },
  ];
}

/** SPEC §2 /order-process: the warehouse's outbound orders, tabs by WMS status with counts, batch steps. */
export function wmsOrders(dialogs: ProcessDialogs, t: (key: string) => string) {
  return defineResource<WmsOrder>({
    name: 'wms-orders',
    api: 'wms-order',
    permission: 'order-process',
    actions: ['export'],
    defaultSort: '-id',
    columns,
    batchActions: batchActions(dialogs, t),
    detail: WmsHistory,
    tabs: { filter: 'wmsStatus', enum: 'OrderTab', values: WMS_TABS },
  });
}
