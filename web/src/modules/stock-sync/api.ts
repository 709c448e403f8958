import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type EventFlow = components['schemas']['StockEventFlow'];
export type SyncRequest = components['schemas']['StockSyncRequest'];
export type SettingChange = components['schemas']['StockSettingChange'];
export type Setting = components['schemas']['StockSettingPublic'];

/** The audited stock actions of api/routers/stock_sync_actions.py; refusals come back to the dialog's fields. */
export const stockSyncApi = {
  sync: (body: SyncRequest) => api.post('/cms/stock-sync/sync', { body, notify: false }),
  fix: (merchantId: number, skus: string[]) => api.post('/cms/stock-sync/fix', { body: { merchantId, skus }, notify: false }),
  saveSetting: (body: SettingChange) => api.post('/cms/stock-sync/setting/save', { body, notify: false }),
  eventFlow: (id: number) => api.get('/cms/stock-sync/event/flow/{event_id}', { params: { path: { event_id: id } } }),
  retryPush: (id: number) => api.post('/cms/stock-sync/push/retry', { body: { id } }),
};
