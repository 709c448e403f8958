import { api } from '../../api/client';

/** "Sync now" and "Retry" (api/routers/order_sync.py): each audited by the server. */
export const orderSyncApi = {
  syncNow: (shopId: number) => api.post('/cms/order-sync/sync', { body: { shopId } }),
  retry: (runId: number) => api.post('/cms/order-sync/retry', { body: { runId }, timeoutMs: 60_000 }),
  flow: (runId: number) => api.get('/cms/order-sync/run/flow/{run_id}', { params: { path: { run_id: runId } } }),
};
