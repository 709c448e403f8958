import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type Heartbeat = components['schemas']['HeartbeatPublic'];
export type Beat = components['schemas']['BeatPublic'];
export type ApplicationStatus = components['schemas']['ApplicationStatus'];

/** The heartbeat screens read what processes write (domain/heartbeats.py); statuses come from the database's clock. */
export const heartbeatApi = {
  applicationStatus: (signal?: AbortSignal) => api.get('/cms/heartbeat/application-status', { signal }),
  detail: (id: number, signal?: AbortSignal) => api.get('/cms/heartbeat/detail/{row_id}', { params: { path: { row_id: id } }, signal }),
  beats: (instanceId: number, page: number, pageSize: number) =>
    api.post('/cms/heartbeat/beats/search', { body: { instanceId, page, pageSize } }),
};

/** Screens refresh about as often as processes beat by default (30 s), a little sooner. */
export const REFRESH_MS = 10_000;

export const detailPath = (id: number) => `/system/heartbeat/detail?id=${id}`;
