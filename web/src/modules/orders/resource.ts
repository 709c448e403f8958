import type { components } from '../../api/schema';
import { defineResource, type Column } from '../../components/resource';
import { OrderMerchantInput } from './OrderMerchantInput';
import { ShopInput } from '../shops/ShopInput';

export type Order = components['schemas']['OrderPublic'];

/** The page of one order (SPEC §2 /orderId/:id). */
export const orderPath = (id: number) => `/orderId/${id}`;

/** SPEC §3 order tabs, each with its count from the search reply. */
export const ORDER_TABS = ['ALL', 'PENDING', 'SHIPPING', 'COMPLETED', 'ABNORMAL', 'CANCELLED'] as const;

/** SPEC §3 order display as the list shows it; the server half is api/routers/orders.py. */
const columns: Column<Order>[] = [
  { key: 'channelOrderNo', title: 'channelOrderNo', priority: 'key', copyable: true, width: 200 },
  { key: 'orderNo', title: 'orderNo', table: false, filter: true },
  { key: 'orderTab', title: 'orderTab', type: 'enum', enum: 'OrderTab', table: false, filter: true },
  { key: 'status', title: 'status', type: 'enum', enum: 'OrderStatus', priority: 'key', filter: { multiple: true } },
  { key: 'cause', title: 'cause', type: 'enum', enum: 'OrderExceptionCause', priority: 'wide' },
  { key: 'ruleName', title: 'ruleName', hidden: true },
  { key: 'merchantEmail', title: 'merchantEmail', width: 190, ellipsis: true },
  { key: 'merchantId', title: 'merchantId', filter: { input: OrderMerchantInput }, hidden: true, table: false },
  { key: 'shopName', title: 'shopName', ellipsis: true, width: 140 },
  { key: 'shopId', title: 'shopId', filter: { input: ShopInput }, hidden: true, table: false },
  { key: 'channel', title: 'channel', type: 'enum', enum: 'Channel', filter: { multiple: true } },
  { key: 'country', title: 'country', type: 'enum', enum: 'Country', priority: 'wide' },
  { key: 'buyerName', title: 'buyerName', priority: 'wide' },
  { key: 'recipientName', title: 'recipientName', hidden: true },
  { key: 'city', title: 'city', hidden: true },
  { key: 'awb', title: 'awb', copyable: true, priority: 'wide' },
  { key: 'courier', title: 'courier', priority: 'wide' },
  { key: 'total', title: 'total', type: 'currency', currency: 'currency', sorter: true, priority: 'key' },
  { key: 'orderedAt', title: 'orderedAt', type: 'datetime', sorter: true, priority: 'key' },
  { key: 'preset', title: 'preset', type: 'enum', enum: 'DatePreset', table: false, filter: true },
  { key: 'orderedOn', title: 'orderedOn', type: 'date', table: false, filter: true },
  { key: 'gmtOffset', title: 'gmtOffset', type: 'enum', enum: 'GmtOffset', table: false, filter: true },
  { key: 'recent', title: 'recent', type: 'boolean', table: false, filter: true },
  { key: 'paidAt', title: 'paidAt', type: 'datetime', hidden: true },
  { key: 'updatedAt', title: 'updatedAt', type: 'datetime', sorter: true, hidden: true },
];

/** SPEC §2 /operation/ginee-oms/order/order-list: the tabs with their counts, the filters in the address, export;
 *  an order opens on its own page, where its actions are. */
export const orders = defineResource<Order>({
  name: 'orders',
  api: 'order',
  permission: 'order-list',
  actions: ['export'],
  defaultSort: '-orderedAt',
  columns,
  detailPath: (row) => orderPath(row.id),
  tabs: { filter: 'orderTab', enum: 'OrderTab', values: ORDER_TABS },
});
