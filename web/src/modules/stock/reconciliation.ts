import type { components } from '../../api/schema';
import { defineResource } from '../../components/resource';
import { toast } from '../../components/feedback';
import { repairBalance } from './api';
import { WarehouseSkuFilter } from '../warehouses/SkuInput';
import { WarehouseInput } from '../warehouses/WarehouseInput';

type Run = components['schemas']['StockReconciliationPublic'];
type Drift = components['schemas']['StockDriftPublic'];

const figures = (value: unknown) =>
  Object.entries((value as Record<string, number> | undefined) ?? {}).filter(([, n]) => n !== 0)
    .map(([bucket, n]) => `${bucket} ${n}`).join(', ');

/** Runs of the `stock-reconcile` Schedule: how many balances each proved and how many drifted. */
export const runs = defineResource<Run>({
  name: 'stock-reconciliations',
  namespace: 'stock',
  entity: 'runEntity',
  api: 'stock/reconciliation',
  permission: 'stock-reconciliation',
  defaultSort: '-id',
  columns: [
    { key: 'id', title: 'run', priority: 'key', sorter: true },
    { key: 'status', title: 'status', type: 'enum', enum: 'StockReconcileStatus', priority: 'key', filter: true },
    { key: 'checked', title: 'checked', type: 'number' },
    { key: 'drifted', title: 'drifted', type: 'number', priority: 'key' },
    { key: 'startedAt', title: 'startedAt', type: 'datetime', filter: true, sorter: true },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime' },
  ],
});

/** The balances (and shelves) a run found different from their ledger; "Repair" rebuilds one from its change
 *  records, with its shelves. */
export const drifts = defineResource<Drift>({
  name: 'stock-drifts',
  namespace: 'stock',
  entity: 'driftEntity',
  api: 'stock/drift',
  permission: 'stock-reconciliation',
  defaultSort: '-id',
  columns: [
    { key: 'reconciliationId', title: 'run', filter: true },
    { key: 'warehouseId', title: 'warehouse', table: false, filter: { input: WarehouseInput } },
    { key: 'warehouseName', title: 'warehouse', priority: 'key' },
    { key: 'sku', title: 'sku', priority: 'key', filter: { input: WarehouseSkuFilter }, copyable: true },
    // a shelf's drift: its stock against the movements that named the shelf ("shelf" on both sides)
    { key: 'shelfCode', title: 'shelf' },
    { key: 'balance', title: 'balanceFigures', format: figures },
    { key: 'ledger', title: 'ledgerFigures', format: figures },
    { key: 'repairedAt', title: 'repairedAt', type: 'datetime' },
  ],
  rowActions: [{
    key: 'repair',
    label: 'repair',
    permission: 'stock#repair',
    confirm: 'repairConfirm',
    when: (row) => !row.repairedAt,
    run: async (row, { reload }) => {
      const repaired = await repairBalance(row.warehouseId, row.sku);
      toast.success(`${row.sku}: ${repaired.after.onHand} / ${repaired.after.available}`);
      reload();
    },
  }],
});
