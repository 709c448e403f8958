import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type PlanFlows = components['schemas']['PlanFlows'];
export type RequestFlow = components['schemas']['RequestFlow'];

const merchant = (id: number) => ({ path: { merchant_id: id } });

export const planApi = {
  flows: (merchantId: number, signal?: AbortSignal) => api.get('/cms/merchant/{merchant_id}/flows', { params: merchant(merchantId), signal }),
  /** Starts the plan flow again from the merchant row, or tells the running one its end (docs/plans.md). */
  resync: (merchantId: number) => api.post('/cms/merchant/{merchant_id}/plan/resync', { params: merchant(merchantId) }),
};
