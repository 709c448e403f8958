import { api } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type ReconciliationRun = Schemas['ReconciliationRunPublic'];
export type ReconciliationItem = Schemas['ReconciliationItemPublic'];
export type StartBody = Schemas['ReconciliationStartBody'];

/** Financial reconciliation (api/routers/reconciliation.py): a start's refusal comes back to its dialog. */
export const reconciliationApi = {
  start: (body: StartBody) => api.post('/cms/reconciliation/start', { body, notify: false }),
  flow: (runId: number) => api.get('/cms/reconciliation/run/flow/{run_id}', { params: { path: { run_id: runId } } }),
  resolve: (id: number, note: string) => api.post('/cms/reconciliation/item/resolve', { body: { id, note }, notify: false }),
  reopen: (id: number) => api.post('/cms/reconciliation/item/reopen', { body: { id } }),
};
