import { api, type Body } from '../../api/client';
import type { components } from '../../api/schema';

export type Account = components['schemas']['AccountPublic'];
export type HistoryEntry = components['schemas']['HistoryEntry'];
export type Shop = components['schemas']['ShopPublic'];
export type Payment = components['schemas']['PaymentPublic'];

const merchant = (id: number) => ({ path: { merchant_id: id } });

/** The merchant detail's calls (api/routers/merchants.py, shops.py, expenses.py). */
export const merchantApi = {
  detail: (id: number, signal?: AbortSignal) => api.get('/cms/merchant/detail/{row_id}', { params: { path: { row_id: id } }, signal }),
  accounts: (id: number, signal?: AbortSignal) => api.get('/cms/merchant/{merchant_id}/accounts', { params: merchant(id), signal }),
  history: (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
    api.get('/cms/merchant/{merchant_id}/history', { params: { ...merchant(id), query: { page, pageSize } }, signal }),
  modifyAccount: (body: Body<'/cms/merchant/account/modify', 'post'>) => api.post('/cms/merchant/account/modify', { body }),
  activateWms: (accountId: number) => api.post('/cms/merchant/account/activate-wms', { body: { accountId } }),
  shops: (merchantId: number, signal?: AbortSignal) =>
    api.post('/cms/shop/search', { body: { merchantId, page: 1, pageSize: 500, sort: 'id' }, signal }),
  payments: (merchantId: number, signal?: AbortSignal) =>
    api.post('/cms/expenses/search', { body: { merchantId, page: 1, pageSize: 500 }, signal }),
  unbind: (id: number) => api.post('/cms/shop/unbind', { body: { id } }),
  bind: (id: number) => api.post('/cms/shop/bind', { body: { id } }),
};
