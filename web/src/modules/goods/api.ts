import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type ChannelProduct = components['schemas']['ChannelProductPublic'];
export type ChannelVariation = components['schemas']['ChannelVariationPublic'];
export type MasterProduct = components['schemas']['MasterProductPublic'];
export type GoodsHistory = components['schemas']['GoodsHistoryPublic'];
export type ListingCount = components['schemas']['ListingCount'];
export type ListingAction = components['schemas']['ListingChange']['action'];
export type ChannelFilters = components['schemas']['ChannelProductFilters'];

/** The goods module's actions (api/routers/goods.py); each answers the changed row, audited by the server. */
export const goodsApi = {
  counts: (filters: ChannelFilters, signal?: AbortSignal) => api.post('/cms/goods/channel/counts', { body: filters, signal }),
  listing: (id: number, action: ListingAction) => api.post('/cms/goods/channel/listing', { body: { id, action } }),
  map: (variationId: number, masterProductId: number | null) =>
    api.post('/cms/goods/channel/map', { body: { variationId, masterProductId }, notify: false }),
  autoCreate: (ids: number[]) => api.post('/cms/goods/channel/auto-create', { body: { ids } }),
  lock: (id: number, locked: boolean) => api.post('/cms/goods/local/lock', { body: { id, locked } }),
};

export type GoodsSyncFlow = components['schemas']['GoodsSyncFlow'];

/** "Sync products" of a shop (api/routers/goods_sync.py): starts a flow; its run's counts are read back. */
export const goodsSyncApi = {
  start: (shopId: number) => api.post('/cms/goods/sync', { body: { shopId } }),
  run: (workflowId: string) => api.get('/cms/goods/sync/{workflow_id}', { params: { path: { workflow_id: workflowId } }, notify: false }),
};

export type ProductSyncRun = components['schemas']['ProductSyncRunPublic'];
export type ProductSyncFailure = components['schemas']['ProductSyncFailurePublic'];

/** A product sync run with the listings it could not store and its flow's Web UI page (operators only). */
export const productSyncApi = {
  detail: (runId: number) => api.get('/cms/goods/sync-run/flow/{run_id}', { params: { path: { run_id: runId } } }),
};
