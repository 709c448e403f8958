import { createElement } from 'react';
import { defineResource } from '../../components/resource';
import { MergeDuration } from './duration';
import { detailPath, type ShelfMerge } from './api';
import { WarehouseInput } from '../warehouses/WarehouseInput';

const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/** Shelf merges of every warehouse (api/routers/shelf_merges.py); a row opens the merge's own page. */
export const shelfMerges = defineResource<ShelfMerge>({
  name: 'shelf-merges',
  api: 'shelf-merge',
  permission: 'shelf-merges',
  actions: ['export'],
  detailPath: (row) => detailPath(row.id),
  columns: [
    { key: 'id', title: 'id', type: 'number', priority: 'key', filter: true, sorter: true, width: 80 },
    { key: 'warehouseName', title: 'warehouse', priority: 'key' },
    { key: 'warehouseId', title: 'warehouse', table: false, filter: { input: WarehouseInput } },
    { key: 'sourceShelfCodes', title: 'sources', format: list, ellipsis: true, width: 200 },
    { key: 'targetShelfCode', title: 'target', priority: 'key' },
    { key: 'state', title: 'state', type: 'enum', enum: 'ShelfMergeState', priority: 'key', filter: { multiple: true }, sorter: true },
    { key: 'moved', title: 'movedCount', type: 'number' },
    { key: 'total', title: 'total', type: 'number' },
    { key: 'attempt', title: 'attempt', type: 'number', priority: 'wide' },
    { key: 'createdByName', title: 'createdBy' },
    { key: 'createdAt', title: 'createdAt', type: 'datetime', filter: true, sorter: true },
    // started -> finished of the current run, or the time so far of a running one
    { key: 'duration', title: 'duration', format: (_, row) => createElement(MergeDuration, { merge: row }) },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ],
});
