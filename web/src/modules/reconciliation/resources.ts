import { defineResource, type Column } from '../../components/resource';
import { OrderMerchantInput } from '../orders/OrderMerchantInput';
import { ShopInput } from '../shops/ShopInput';
import type { ReconciliationItem, ReconciliationRun } from './api';

const namespace = 'reconciliation';
const count = (key: string) => ({ key, title: key, type: 'number' }) as const;
const money = (key: string) => ({ key, title: key, type: 'currency', currency: 'currency' }) as const;

/** /financial-reconciliation: each merchant's runs by period, with their totals and the count of each kind. */
export const runs = defineResource<ReconciliationRun>({
  name: 'reconciliation-runs', namespace, entity: 'runEntity', api: 'reconciliation/run', permission: 'financial-reconciliation',
  actions: ['export'], defaultSort: '-id',
  refresh: (rows) => (rows.some((run) => run.status === 'RUNNING') ? 3000 : false),
  columns: [
    { key: 'id', title: 'id', sorter: true, hidden: true },
    { key: 'merchantEmail', title: 'merchantEmail', priority: 'key', width: 220, ellipsis: true },
    { key: 'merchantId', title: 'merchantId', filter: { input: OrderMerchantInput }, hidden: true, table: false },
    { key: 'shopName', title: 'shopName', ellipsis: true, width: 140 },
    { key: 'shopId', title: 'shopId', filter: { input: ShopInput }, hidden: true, table: false },
    { key: 'periodFrom', title: 'periodFrom', type: 'date', sorter: true, filter: true },
    { key: 'periodTo', title: 'periodTo', type: 'date' },
    { key: 'status', title: 'status', type: 'enum', enum: 'ReconciliationStatus', priority: 'key', filter: { multiple: true } },
    { key: 'stage', title: 'stage', type: 'enum', enum: 'ReconciliationStage' },
    { ...count('shopsDone'), hidden: true },
    { ...count('linesFetched'), hidden: true },
    money('expected'), money('paid'), { ...money('difference'), sorter: true, priority: 'key' },
    count('matchedCount'), count('shortPaidCount'), count('overPaidCount'), count('unpaidCount'), count('unknownOrderCount'),
    { key: 'message', title: 'message', ellipsis: true, width: 200, hidden: true },
    { key: 'startedBy', title: 'startedBy', hidden: true },
    { key: 'startedAt', title: 'startedAt', type: 'datetime', sorter: true },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime', hidden: true },
    { key: 'workflowId', title: 'workflowId', copyable: true, hidden: true },
  ] as Column<ReconciliationRun>[],
});

/** A run's orders and payments with how each compares; the differences first (MATCHED left out by default). */
export const items = defineResource<ReconciliationItem>({
  name: 'reconciliation-items', namespace, entity: 'itemEntity', api: 'reconciliation/item', permission: 'financial-reconciliation',
  actions: ['export'], defaultSort: 'id',
  columns: [
    { key: 'channelOrderNo', title: 'channelOrderNo', priority: 'key', copyable: true, filter: true, width: 200 },
    { key: 'kind', title: 'kind', type: 'enum', enum: 'ReconciliationKind', priority: 'key', filter: { multiple: true } },
    { key: 'shopName', title: 'shopName', ellipsis: true, width: 140 },
    money('orderTotal'), money('fees'), money('expected'), money('paid'), { ...money('difference'), sorter: true },
    { key: 'orderedAt', title: 'orderedAt', type: 'datetime', sorter: true },
    { key: 'paidAt', title: 'paidAt', type: 'datetime', hidden: true },
    { key: 'settlementIds', title: 'settlementIds', hidden: true },
    { key: 'resolved', title: 'resolved', type: 'boolean', table: false, filter: true },
    { key: 'resolvedAt', title: 'resolvedAt', type: 'datetime', priority: 'key' },
    { key: 'resolvedBy', title: 'resolvedBy', hidden: true },
    { key: 'resolutionNote', title: 'resolutionNote', ellipsis: true, width: 220 },
  ] as Column<ReconciliationItem>[],
});
