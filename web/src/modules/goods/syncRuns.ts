import { defineResource, type Column } from '../../components/resource';
import { ShopInput } from '../shops/ShopInput';
import type { ProductSyncFailure, ProductSyncRun } from './api';

const namespace = 'goods';
const count = (key: string) => ({ key, title: key, type: 'number' }) as const;

/** The product sync runs of the goods list's stores (api/routers/goods_sync.py): each store's Schedule and
 *  "Sync products", with their counts; filtered by store (picked), status, how started and start time. */
export const productSyncRuns = defineResource<ProductSyncRun>({
  name: 'goods-sync-runs', namespace, entity: 'syncRunEntity', api: 'goods/sync-run', permission: 'goods-list',
  actions: ['export'], defaultSort: '-id',
  refresh: (rows) => (rows.some((run) => run.status === 'RUNNING') ? 5000 : false),
  columns: [
    { key: 'id', title: 'syncRunId', sorter: true },
    { key: 'shopId', title: 'shopId', filter: { input: ShopInput }, hidden: true, table: false },
    { key: 'shopName', title: 'shopName', priority: 'key' },
    { key: 'kind', title: 'syncKind', type: 'enum', enum: 'ProductSyncKind', filter: { multiple: true } },
    { key: 'status', title: 'syncRunStatus', type: 'enum', enum: 'ProductSyncStatus', priority: 'key', filter: { multiple: true } },
    count('fetched'), count('createdCount'), count('updatedCount'), count('unchangedCount'),
    { ...count('failedCount'), priority: 'key' },
    { key: 'message', title: 'syncMessage', ellipsis: true, width: 240 },
    { key: 'startedAt', title: 'startedAt', type: 'datetime', sorter: true, filter: true },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime', hidden: true },
    { key: 'since', title: 'since', type: 'datetime', hidden: true },
    { key: 'until', title: 'until', type: 'datetime', hidden: true },
    { key: 'workflowId', title: 'workflowId', copyable: true, hidden: true },
  ] as Column<ProductSyncRun>[],
});

/** The listings a run could not store, and why. */
export const productSyncFailures = defineResource<ProductSyncFailure>({
  name: 'goods-sync-failures', namespace, entity: 'syncFailureEntity', api: 'goods/sync-failure', permission: 'goods-list',
  actions: ['export'], defaultSort: 'id',
  columns: [
    { key: 'channelItemId', title: 'channelItemId', priority: 'key', copyable: true, filter: true },
    { key: 'reason', title: 'failReason', ellipsis: true, width: 360 },
    { key: 'failedAt', title: 'failedAt', type: 'datetime' },
  ] as Column<ProductSyncFailure>[],
});
