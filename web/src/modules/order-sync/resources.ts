import type { components } from '../../api/schema';
import { defineResource, type Column } from '../../components/resource';

export type SyncRun = components['schemas']['OrderSyncRunPublic'];
export type SyncFailure = components['schemas']['OrderSyncFailurePublic'];

const namespace = 'order-sync';
const count = (key: string) => ({ key, title: key, type: 'number' }) as const;

/** A shop's order sync runs (docs/order-sync.md): scheduled, sync now and retry, with their counts. */
export const runs = defineResource<SyncRun>({
  name: 'order-sync-runs', namespace, entity: 'runEntity', api: 'order-sync/run', permission: 'order-sync#view',
  actions: ['export'], defaultSort: '-id', refresh: 5000,
  columns: [
    { key: 'id', title: 'id', sorter: true },
    { key: 'shopName', title: 'shopName', priority: 'wide' },
    { key: 'kind', title: 'kind', type: 'enum', enum: 'OrderSyncKind', filter: { multiple: true } },
    { key: 'status', title: 'status', type: 'enum', enum: 'OrderSyncStatus', priority: 'key', filter: { multiple: true } },
    count('fetched'), count('createdCount'), count('updatedCount'),
    { ...count('failedCount'), priority: 'key' },
    { key: 'message', title: 'message', ellipsis: true, width: 240 },
    { key: 'startedAt', title: 'startedAt', type: 'datetime', sorter: true, filter: true },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime', hidden: true },
    { key: 'since', title: 'since', type: 'datetime', hidden: true },
    { key: 'until', title: 'until', type: 'datetime', hidden: true },
    { key: 'workflowId', title: 'workflowId', copyable: true, hidden: true },
  ] as Column<SyncRun>[],
});

/** The orders a run could not ingest, and why; resolved once a later run (or a retry) ingested them. */
export const failures = defineResource<SyncFailure>({
  name: 'order-sync-failures', namespace, entity: 'failureEntity', api: 'order-sync/failure', permission: 'order-sync#view',
  actions: ['export'], defaultSort: 'id',
  columns: [
    { key: 'channelOrderNo', title: 'channelOrderNo', priority: 'key', copyable: true, filter: true },
    { key: 'reason', title: 'reason', ellipsis: true, width: 320 },
    { key: 'failedAt', title: 'failedAt', type: 'datetime' },
    { key: 'resolvedAt', title: 'resolvedAt', type: 'datetime', priority: 'key' },
  ] as Column<SyncFailure>[],
});
