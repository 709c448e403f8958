import { http } from '../../api/http';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type ShelfMerge = Schemas['ShelfMergePublic'];
export type ShelfMergeView = Schemas['ShelfMergeView'];
export type ShelfMergeItem = Schemas['ShelfMergeItemPublic'];
export type ShelfMergeBody = Schemas['ShelfMergeBody'];
export type MergeShelf = Schemas['MergeShelf'];
export type MergeWarehouse = Schemas['MergeWarehouse'];
export type ItemPage = Schemas['Page_ShelfMergeItemPublic_'];

export const DETAIL_PATH = '/warehouse-setting/location-management/shelf-merge';
export const detailPath = (id: number) => `${DETAIL_PATH}/${id}`;

/** Shelf merges (api/routers/shelf_merges.py; docs/shelf_merges.md). A refusal of the start dialog comes back to it. */
export const shelfMergeApi = {
  detail: (id: number, signal?: AbortSignal) => http.get<ShelfMergeView>(`shelf-merge/${id}/view`, { signal }),
  items: (mergeId: number, page: number, pageSize: number, signal?: AbortSignal) =>
    http.post<ItemPage>('shelf-merge/item/search', { mergeId, state: ['MOVED'], page, pageSize }, { signal }),
  start: (body: ShelfMergeBody) => http.post<ShelfMergeView>('shelf-merge/add', body, { notify: false }),
  cancel: (id: number) => http.post<ShelfMergeView>(`shelf-merge/${id}/cancel`, {}),
  retry: (id: number) => http.post<ShelfMergeView>(`shelf-merge/${id}/retry`, {}),
  warehouses: (signal?: AbortSignal) => http.get<MergeWarehouse[]>('shelf-merge/warehouses', { signal }),
  shelves: (warehouseId: number, signal?: AbortSignal) =>
    http.get<MergeShelf[]>(`shelf-merge/shelves/${warehouseId}`, { signal }),
};
