import { api, type Body } from '../../api/client';
import { MAX_TIMEOUT_MS } from '../../api/http';
import type { components } from '../../api/schema';
import type { RangeApi } from '../audit/api';

export type TrackedEvent = components['schemas']['EventPublic'];
type Filters = Body<'/cms/event-tracking/search', 'post'>;

/** The tracked events over a time range and their xlsx export (api/routers/event_tracking.py). */
export const eventApi: RangeApi<TrackedEvent> = {
  search: (body, signal) => api.post('/cms/event-tracking/search', { body: body as Filters, signal }),
  exportFile: (body) => api.download('/cms/event-tracking/export', { body: body as Filters, timeoutMs: MAX_TIMEOUT_MS }),
};
