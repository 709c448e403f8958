import { api } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type ShelfMerge = Schemas['ShelfMergePublic'];
export type ShelfMergeView = Schemas['ShelfMergeView'];
export type ShelfMergeItem = Schemas['ShelfMergeItemPublic'];
export type ShelfMergeBody = Schemas['ShelfMergeBody'];
export type MergeShelf = Schemas['MergeShelf'];
export type MergeWarehouse = Schemas['MergeWarehouse'];
export type MergeThroughput = Schemas['MergeThroughput'];
export type ItemPage = Schemas['Page_ShelfMergeItemPublic_'];

export const DETAIL_PATH = '/warehouse-setting/location-management/shelf-merge';
export const detailPath = (id: number) => `${DETAIL_PATH}/${id}`;

const merge = (id: number) => ({ path: { merge_id: id } });

/** Shelf merges (api/routers/shelf_merges.py; docs/shelf_merges.md). A refusal of the start dialog comes back to it. */
export const shelfMergeApi = {
  detail: (id: number, signal?: AbortSignal) => api.get('/cms/shelf-merge/{merge_id}/view', { params: merge(id), signal }),
  items: (mergeId: number, page: number, pageSize: number, signal?: AbortSignal) =>
    api.post('/cms/shelf-merge/item/search', { body: { mergeId, state: ['MOVED'], page, pageSize }, signal }),
  start: (body: ShelfMergeBody) => api.post('/cms/shelf-merge/add', { body, notify: false }),
  cancel: (id: number) => api.post('/cms/shelf-merge/{merge_id}/cancel', { params: merge(id) }),
  retry: (id: number) => api.post('/cms/shelf-merge/{merge_id}/retry', { params: merge(id) }),
  warehouses: (signal?: AbortSignal) => api.get('/cms/shelf-merge/warehouses', { signal }),
  throughput: (warehouseId: number, signal?: AbortSignal) =>
    api.get('/cms/shelf-merge/throughput/{warehouse_id}', { params: { path: { warehouse_id: warehouseId } }, signal }),
  shelves: (warehouseId: number, signal?: AbortSignal) =>
    api.get('/cms/shelf-merge/shelves/{warehouse_id}', { params: { path: { warehouse_id: warehouseId } }, signal }),
};
