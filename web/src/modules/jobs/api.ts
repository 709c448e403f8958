import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type ScheduledJob = components['schemas']['JobPublic'];
export type JobRecord = components['schemas']['RecordPublic'];
export type JobHandler = components['schemas']['JobHandlerView'];
export type JobParam = components['schemas']['JobParamView'];
export type JobSchedule = components['schemas']['JobScheduleView'];
export type JobRunStarted = components['schemas']['JobRunStarted'];

const job = (id: number) => ({ path: { job_id: id } });

/** Scheduled tasks and their records (api/routers/jobs.py, job_records.py). Refusals come back to the dialogs. */
export const jobsApi = {
  handlers: () => api.get('/cms/job/handlers'),
  schedule: (id: number) => api.get('/cms/job/{job_id}/schedule', { params: job(id) }),
  run: (id: number, params?: Record<string, unknown>) => api.post('/cms/job/{job_id}/run', { params: job(id), body: { params }, notify: false }),
  pause: (id: number, reason: string) => api.post('/cms/job/{job_id}/pause', { params: job(id), body: { reason }, notify: false }),
  resume: (id: number, reason: string) => api.post('/cms/job/{job_id}/resume', { params: job(id), body: { reason }, notify: false }),
  backfill: (id: number, startAt: string, endAt: string) =>
    api.post('/cms/job/{job_id}/backfill', { params: job(id), body: { startAt, endAt }, notify: false }),
  links: () => api.get('/cms/job-record/links'),
  retry: (recordId: number) => api.post('/cms/job-record/{record_id}/retry', { params: { path: { record_id: recordId } } }),
};

export const LOG_PATH = '/system/task/log';
export const recordsOf = (id: number) => `${LOG_PATH}?jobId=${id}`;
