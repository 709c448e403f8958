import { http } from '../../api/http';
import type { components } from '../../api/schema';
import type { PageOf } from '../../components/resource/api';
import type { Merchant } from './resource';

export type Account = components['schemas']['AccountPublic'];
export type HistoryEntry = components['schemas']['HistoryEntry'];
export type Shop = components['schemas']['ShopPublic'];
export type Payment = components['schemas']['PaymentPublic'];

/** The merchant detail's calls (api/routers/merchants.py, shops.py, expenses.py). */
export const merchantApi = {
  detail: (id: number, signal?: AbortSignal) => http.get<Merchant>(`merchant/detail/${id}`, { signal }),
  accounts: (id: number, signal?: AbortSignal) => http.get<Account[]>(`merchant/${id}/accounts`, { signal }),
  history: (id: number, signal?: AbortSignal) => http.get<HistoryEntry[]>(`merchant/${id}/history`, { signal }),
  modifyAccount: (body: { id: number; accountType?: string; status?: string }) =>
    http.post<Account[]>('merchant/account/modify', body),
  activateWms: (accountId: number) => http.post<Account[]>('merchant/account/activate-wms', { accountId }),
  shops: (merchantId: number, signal?: AbortSignal) =>
    http.post<PageOf<Shop>>('shop/search', { merchantId, pageSize: 500, sort: 'id' }, { signal }),
  payments: (merchantId: number, signal?: AbortSignal) =>
    http.post<PageOf<Payment>>('expenses/search', { merchantId, pageSize: 500 }, { signal }),
  unbind: (id: number) => http.post<Shop>('shop/unbind', { id }),
  bind: (id: number) => http.post<Shop>('shop/bind', { id }),
};
