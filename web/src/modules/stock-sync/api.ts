import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type EventFlow = components['schemas']['StockEventFlow'];
export type SyncRequest = components['schemas']['StockSyncRequest'];
export type SettingChange = components['schemas']['StockSettingChange'];
export type Setting = components['schemas']['StockSettingPublic'];

/** The audited stock actions of api/routers/stock_sync_actions.py; refusals come back to the dialog's fields. */
export const stockSyncApi = {
  sync: (body: SyncRequest) => http.post<EventFlow>('stock-sync/sync', body, { notify: false }),
  fix: (merchantId: number, skus: string[]) => http.post<EventFlow>('stock-sync/fix', { merchantId, skus }, { notify: false }),
  saveSetting: (body: SettingChange) => http.post<Setting>('stock-sync/setting/save', body, { notify: false }),
  eventFlow: (id: number) => http.get<EventFlow>(`stock-sync/event/flow/${id}`),
};
