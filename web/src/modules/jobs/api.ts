import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type ScheduledJob = components['schemas']['JobPublic'];
export type JobRecord = components['schemas']['RecordPublic'];
export type JobHandler = components['schemas']['JobHandlerView'];
export type JobParam = components['schemas']['JobParamView'];
export type JobSchedule = components['schemas']['JobScheduleView'];
export type JobRunStarted = components['schemas']['JobRunStarted'];

/** Scheduled tasks and their records (api/routers/jobs.py, job_records.py). Refusals come back to the dialogs. */
export const jobsApi = {
  handlers: () => http.get<JobHandler[]>('job/handlers'),
  schedule: (id: number) => http.get<JobSchedule>(`job/${id}/schedule`),
  run: (id: number, params?: Record<string, unknown>) => http.post<JobRunStarted>(`job/${id}/run`, { params }, { notify: false }),
  pause: (id: number, reason: string) => http.post<ScheduledJob>(`job/${id}/pause`, { reason }, { notify: false }),
  resume: (id: number, reason: string) => http.post<ScheduledJob>(`job/${id}/resume`, { reason }, { notify: false }),
  backfill: (id: number, startAt: string, endAt: string) => http.post<null>(`job/${id}/backfill`, { startAt, endAt }, { notify: false }),
  links: () => http.get<components['schemas']['RunLinks']>('job-record/links'),
};

export const LOG_PATH = '/system/task/log';
export const recordsOf = (id: number) => `${LOG_PATH}?jobId=${id}`;
