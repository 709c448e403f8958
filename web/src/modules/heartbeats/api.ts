import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type Heartbeat = components['schemas']['HeartbeatPublic'];
export type Beat = components['schemas']['BeatPublic'];
export type ApplicationStatus = components['schemas']['ApplicationStatus'];
type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The heartbeat screens read what processes write (domain/heartbeats.py); statuses come from the database's clock. */
export const heartbeatApi = {
  applicationStatus: (signal?: AbortSignal) => http.get<ApplicationStatus[]>('heartbeat/application-status', { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<Heartbeat>(`heartbeat/detail/${id}`, { signal }),
  beats: (instanceId: number, page: number, pageSize: number) =>
    http.post<Paged<Beat>>('heartbeat/beats/search', { instanceId, page, pageSize }),
};

/** Screens refresh about as often as processes beat by default (30 s), a little sooner. */
export const REFRESH_MS = 10_000;

export const detailPath = (id: number) => `/system/heartbeat/detail?id=${id}`;
