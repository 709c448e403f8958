import { api, type PathOf } from '../../api/client';
import { permissionOf } from '../../app/access/operations';
import type { components } from '../../api/schema';
import { API_BASE } from '../../api/http';
import { storedLanguage } from '../../i18n/languages';
import { defineResource, type BatchAction, type Column, type RowAction } from '../../components/resource';
import { toast } from '../../components/feedback';
import {
  canAllocate, canAnswerCancel, canConfirm, canDelete, canHandover, canPack, canPick, canPrint, canProgress, canPush, canRelease, canReview,
  isInbound, orderNumbers,
} from './rules';
import { OrderDetail } from './OrderDetail';
import { MerchantInput } from '../merchants/MerchantInput';
import { MerchantWarehouseFilter } from '../warehouses/WarehouseInput';

export type StockOrder = components['schemas']['StockOrderPublic'];

/** SPEC §3 inbound or outbound order fields; the server half is api/routers/stock_orders.py. */
const columns: Column<StockOrder>[] = [
  { key: 'orderNo', title: 'orderNo', priority: 'key', filter: true, copyable: true, sorter: true, width: 200 },
  { key: 'direction', title: 'direction', type: 'enum', enum: 'StockOrderDirection', priority: 'key', filter: true },
  { key: 'orderType', title: 'orderType', type: 'enum', enum: 'StockOrderType', filter: { multiple: true }, priority: 'wide' },
  { key: 'status', title: 'status', type: 'enum', enum: 'WarehouseDocumentStatus', priority: 'key', filter: { multiple: true }, sorter: true },
  { key: 'workingStatus', title: 'workingStatus', type: 'enum', enum: 'OutboundWorkingStatus', priority: 'key' },
  { key: 'pushStatus', title: 'pushStatus', type: 'enum', enum: 'WarehousePushStatus', priority: 'key' },
  { key: 'printStatus', title: 'printStatus', type: 'enum', enum: 'PrintStatus', priority: 'key' },
  { key: 'plannedQuantity', title: 'plannedQuantity', type: 'number', priority: 'key' },
  { key: 'actualQuantity', title: 'actualQuantity', type: 'number', priority: 'key' },
  { key: 'logisticNo', title: 'logisticNo', copyable: true, priority: 'wide' },
  { key: 'deliveryMethod', title: 'deliveryMethod', type: 'enum', enum: 'ShippingMethod', priority: 'wide' },
  { key: 'merchantEmail', title: 'merchantEmail', priority: 'wide', width: 220, ellipsis: true },
  { key: 'merchantId', title: 'merchantId', filter: { input: MerchantInput }, hidden: true },
  { key: 'warehouseName', title: 'warehouseName', priority: 'wide' },
  { key: 'warehouseId', title: 'warehouseId', filter: { input: MerchantWarehouseFilter }, hidden: true },
  { key: 'channelOrderNo', title: 'channelOrderNo', copyable: true, hidden: true },
  { key: 'channelOrderedAt', title: 'channelOrderedAt', type: 'datetime', hidden: true },
  { key: 'remark', title: 'remark', hidden: true },
  { key: 'createdAt', title: 'common.createdAt', type: 'datetime', sorter: true, priority: 'wide' },
];

/** The screen's own dialogs: a receipt or shipment asks for the quantities of each line. */
export interface OrderDialogs {
  progress(order: StockOrder): void;
}

/** The order's picking list (api/stock_order_picking.py), a print-styled page in a tab of its own, in the
 *  console's language; the browser's print dialog opens once it has loaded. */
export function openPickingList(order: StockOrder) {
  const page = window.open(`${API_BASE}stock-order/${order.id}/picking-list?language=${encodeURIComponent(storedLanguage())}`, '_blank');
  page?.addEventListener('load', () => page.print());
}

/** The order operations that take `{ id }` or `{ ids }` and answer with the order(s). */
type OrderPath = Extract<PathOf<'post'>, `/cms/stock-order/${string}`>;
type Post = (path: OrderPath, init: { body: { id: number } | { ids: number[] } }) => Promise<unknown>;

/** The button of `path` shows to users holding its operation's permission (api/permissions.ts). */
const allowedFor = (path: OrderPath) => permissionOf(`POST ${path}`);

async function post(path: OrderPath, body: { id: number } | { ids: number[] }, done: string, reload: () => void) {
  try {
    await (api.post as Post)(path, { body });
    toast.success(done);
  } finally {
    reload();
  }
}

/** The warehouse's side of an order (SPEC §4 push, print and outbound working statuses), in the order it happens:
 *  key (the label), the operation (whose permission shows the button), when offered, the message once done, what
 *  follows on screen. */
const WORK: [string, OrderPath, (o: StockOrder) => boolean, string, ((o: StockOrder) => void)?][] = [
  ['push', '/cms/stock-order/push', canPush, 'pushDone'],
  ['confirm', '/cms/stock-order/confirm', canConfirm, 'confirmed'],
  ['print', '/cms/stock-order/print', canPrint, 'printed', openPickingList],  // print status PRINTED, then the list
  ['allocate', '/cms/stock-order/allocate', canAllocate, 'allocated'],
  ['pick', '/cms/stock-order/pick', canPick, 'picked'],
  ['review', '/cms/stock-order/review', canReview, 'reviewed'],
  ['pack', '/cms/stock-order/pack', canPack, 'packed'],
  ['handover', '/cms/stock-order/handover', canHandover, 'handedOver'],
  ['cancelDone', '/cms/stock-order/cancel-done', canAnswerCancel, 'voided'],
  ['cancelRefused', '/cms/stock-order/cancel-refused', canAnswerCancel, 'cancelRefusedDone'],
];

/** The warehouse's answers to a cancellation cannot be taken back: each asks first (voiding releases the stock). */
const ANSWERS: Record<string, string | undefined> = { cancelDone: 'cancelDoneConfirm', cancelRefused: 'cancelRefusedConfirm' };

function rowActions(dialogs: OrderDialogs, t: (key: string) => string): RowAction<StockOrder>[] {
  return [
    { key: 'receive', label: 'receive', permission: allowedFor('/cms/stock-order/receive'), when: (o) => isInbound(o) && canProgress(o), run: (o) => dialogs.progress(o) },
    ...WORK.map(([key, path, when, done, then]): RowAction<StockOrder> => ({
      key, label: key, permission: allowedFor(path), when, confirm: ANSWERS[key], danger: key === 'cancelDone',
      run: async (o, c) => {
        await post(path, { id: o.id }, t(done), c.reload);
        then?.(o);
      },
    })),
    { key: 'ship', label: 'ship', permission: allowedFor('/cms/stock-order/ship'), when: (o) => !isInbound(o) && canProgress(o), run: (o) => dialogs.progress(o) },
    {
      key: 'cancel',
      label: 'cancel',
      permission: allowedFor('/cms/stock-order/cancel'),
      danger: true,
      confirm: 'cancelConfirm',
      when: (o) => isInbound(o) && canRelease(o),
      run: (o, context) => post('/cms/stock-order/cancel', { id: o.id }, t('cancelled'), context.reload),
    },
    {
      key: 'void',
      label: 'void',
      permission: allowedFor('/cms/stock-order/void'),
      danger: true,
      confirm: 'voidConfirm',
      when: (o) => !isInbound(o) && canRelease(o),
      run: (o, context) => post('/cms/stock-order/void', { id: o.id }, t('voided'), context.reload),
    },
    {
      key: 'remove',
      label: 'resource.delete',
      permission: permissionOf('DELETE /cms/stock-order/delete/{row_id}'),
      danger: true,
      confirm: 'deleteConfirm',
      when: canDelete,
      run: async (o, context) => {
        try {
          await api.delete('/cms/stock-order/delete/{row_id}', { params: { path: { row_id: o.id } } });
          toast.success(t('resource.deleted'));
        } finally {
          context.reload();
        }
      },
    },
  ];
}

/** SPEC §4 mass actions: the server refuses a selection holding ineligible orders ('reselect', naming them). */
function batchActions(t: (key: string) => string): BatchAction<StockOrder>[] {
  const ids = (orders: StockOrder[]) => ({ ids: orders.map((o) => o.id) });
  return [
    { key: 'massOutbound', label: 'massOutbound', permission: allowedFor('/cms/stock-order/mass-outbound'), confirm: 'massOutboundConfirm', run: (orders, c) => post('/cms/stock-order/mass-outbound', ids(orders), t('shipped'), c.reload) },
    { key: 'massCancel', label: 'massCancel', permission: allowedFor('/cms/stock-order/mass-cancel'), danger: true, confirm: 'massCancelConfirm', run: (orders, c) => post('/cms/stock-order/mass-cancel', ids(orders), t('cancelled'), c.reload) },
  ];
}

/** SPEC §5: an order number is required in searches, so the list is asked only once one is named. */
export function stockOrders(dialogs: OrderDialogs, t: (key: string) => string) {
  return defineResource<StockOrder>({
    name: 'stock-orders',
    api: 'stock-order',
    permission: 'outbound-inbound-order-query',
    actions: ['export'],
    defaultSort: '-id',
    hint: 'searchHint',
    searchable: (filters) => orderNumbers(filters.orderNo).length > 0,
    columns,
    rowActions: rowActions(dialogs, t),
    batchActions: batchActions(t),
    detail: OrderDetail,
  });
}
