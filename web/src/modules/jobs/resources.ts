import { createElement } from 'react';
import { defineResource, TimeZoneInput } from '../../components/resource';
import { UserInput } from '../users/inputs';
import type { JobRecord, ScheduledJob } from './api';
import { CronInput, EmailsInput, HandlerInput, MethodInput, ParamsInput } from './inputs';
import { JobInput } from './JobInput';
import { JobName, RecordName, TaskName } from './names';

const text = (value: unknown) => (value && typeof value === 'object' ? JSON.stringify(value) : '');
/** A linked task record (a retry and the failed record it retried), by its number. */
const recordNo = (value: unknown) => (typeof value === 'number' ? `#${value}` : '');
const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/** Scheduled tasks (SPEC §3); the server half is api/routers/jobs.py. */
export const scheduledJobs = defineResource<ScheduledJob>({
  name: 'jobs',
  api: 'job',
  permission: 'task-schedule',
  actions: ['add', 'edit', 'delete', 'export'],
  defaultSort: 'name',
  columns: [
    { key: 'name', title: 'name', priority: 'key', filter: true, sorter: true, width: 220, format: (_, row) => createElement(TaskName, { row }), form: { required: true, max: 100 } },
    { key: 'handler', title: 'handler', sorter: true, form: { required: true, input: HandlerInput } },
    { key: 'method', title: 'method', format: (_, row) => createElement(JobName, { row }), ellipsis: true, width: 180, form: { required: true, input: MethodInput } },
    { key: 'cron', title: 'cron', priority: 'key', form: { required: true, max: 120, input: CronInput } },
    { key: 'timeZone', title: 'timeZone', form: { input: TimeZoneInput } },
    { key: 'params', title: 'params', format: text, ellipsis: true, width: 200, form: { input: ParamsInput } },
    { key: 'status', title: 'status', type: 'enum', enum: 'JobStatus', priority: 'key', filter: { multiple: true }, sorter: true },
    { key: 'alarm', title: 'alarm', type: 'enum', enum: 'JobAlarm', filter: { multiple: true } },
    { key: 'consecutiveFailures', title: 'consecutiveFailures', type: 'number' },
    { key: 'ownerName', title: 'owner', priority: 'key' }, // SPEC §5: every task names the person in charge
    { key: 'ownerId', title: 'owner', table: false, form: { input: UserInput } },
    { key: 'emails', title: 'emails', format: list, ellipsis: true, width: 200, form: { input: EmailsInput } },
    { key: 'pauseAfterFailures', title: 'pauseAfterFailures', type: 'number', form: { min: 0, max: 100 } },
    { key: 'retries', title: 'retries', type: 'number', priority: 'wide', form: { min: 0, max: 5 } },
    { key: 'misfire', title: 'misfire', type: 'enum', enum: 'JobMisfire', priority: 'wide', form: {} },
    { key: 'pauseNote', title: 'pauseNote', ellipsis: true, width: 200, priority: 'wide' },
    { key: 'builtin', title: 'builtin', type: 'boolean', priority: 'wide' },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ],
});

/** Task records (SPEC §2 task/log, §4 task result): written by the runs, read and exported here. */
export const jobRecords = defineResource<JobRecord>({
  name: 'job-records',
  namespace: 'jobs',
  entity: 'recordEntity',
  api: 'job-record',
  permission: 'task-log',
  actions: ['export'],
  defaultSort: '-startedAt',
  columns: [
    { key: 'jobName', title: 'jobName', priority: 'key', filter: true, width: 200, format: (_, row) => createElement(RecordName, { row }) },
    { key: 'jobId', title: 'jobId', type: 'number', filter: { input: JobInput }, width: 90 },
    { key: 'result', title: 'result', type: 'enum', enum: 'JobRecordResult', priority: 'key', filter: { multiple: true }, sorter: true },
    { key: 'trigger', title: 'trigger', type: 'enum', enum: 'JobTrigger', filter: { multiple: true } },
    { key: 'nominalAt', title: 'nominalAt', type: 'datetime', sorter: true },
    { key: 'startedAt', title: 'startedAt', type: 'datetime', priority: 'key', filter: true, sorter: true },
    { key: 'durationMs', title: 'durationMs', type: 'number', sorter: true },
    { key: 'attempt', title: 'attempt', type: 'number' },
    { key: 'error', title: 'error', ellipsis: true, width: 240 },
    { key: 'output', title: 'output', ellipsis: true, width: 200, priority: 'wide' },
    { key: 'params', title: 'params', format: text, priority: 'wide' },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime', priority: 'wide' },
    { key: 'workflowId', title: 'workflowId', copyable: true, priority: 'wide' },
    { key: 'retryOf', title: 'retryOf', type: 'number', format: recordNo, priority: 'wide' },
    { key: 'retriedBy', title: 'retriedBy', type: 'number', format: recordNo, priority: 'wide' },
  ],
});
