import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type PlanFlows = components['schemas']['PlanFlows'];
export type RequestFlow = components['schemas']['RequestFlow'];

export const planApi = {
  flows: (merchantId: number, signal?: AbortSignal) => http.get<PlanFlows>(`merchant/${merchantId}/flows`, { signal }),
  /** Starts the plan flow again from the merchant row, or tells the running one its end (docs/plans.md). */
  resync: (merchantId: number) => http.post<PlanFlows>(`merchant/${merchantId}/plan/resync`, {}),
};
