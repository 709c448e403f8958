import { createElement } from 'react';
import type { components } from '../../api/schema';
import { defineResource } from '../../components/resource';
import { TagsInput } from '../tickets/inputs';
import { UserInput } from '../users/inputs';
import { AlertMails } from './AlertMails';

type Rule = components['schemas']['QueueAlertRulePublic'];
type Alert = components['schemas']['QueueAlertPublic'];

const seconds = (value: unknown) => (value == null ? '' : `${Math.round(Number(value))} s`);

/** Thresholds per Temporal task queue (api/routers/queue_alerts.py); the `queue-alerts` Schedule checks them. */
export const rules = defineResource<Rule>({
  name: 'queue-alert-rules',
  namespace: 'queue-alerts',
  api: 'queue-alert/rule',
  permission: 'alter-mq',
  actions: ['add', 'edit', 'delete'],
  defaultSort: 'taskQueue',
  columns: [
    { key: 'taskQueue', title: 'taskQueue', priority: 'key', filter: true, sorter: true, copyable: true, form: { required: true, max: 200 } },
    { key: 'queueKind', title: 'queueKind', type: 'enum', enum: 'QueueKind', filter: true, form: { required: true } },
    { key: 'maxBacklog', title: 'maxBacklog', type: 'number', form: { min: 0 } },
    { key: 'maxAgeSeconds', title: 'maxAgeSeconds', type: 'number', form: { min: 1 } },
    { key: 'alerting', title: 'alerting', type: 'boolean', priority: 'key', filter: true },
    { key: 'backlog', title: 'backlog', type: 'number' },
    { key: 'ageSeconds', title: 'ageSeconds', format: seconds },
    { key: 'checkedAt', title: 'checkedAt', type: 'datetime', priority: 'wide' },
    { key: 'ownerName', title: 'owner', priority: 'wide' },
    { key: 'ownerId', title: 'owner', table: false, form: { input: UserInput } },
    { key: 'emails', title: 'emails', priority: 'wide', format: (value) => ((value as string[] | undefined) ?? []).join(', '), form: { input: TagsInput } },
    { key: 'enabled', title: 'enabled', type: 'boolean', filter: true, form: {} },
    { key: 'description', title: 'description', hidden: true, form: { max: 200 } },
  ],
});

/** Alerts the checks opened: one open per rule at a time, closed when the queue is back under. */
export const alerts = defineResource<Alert>({
  name: 'queue-alerts',
  namespace: 'queue-alerts',
  entity: 'alertEntity',
  api: 'queue-alert/alert',
  permission: 'alter-mq',
  defaultSort: '-openedAt',
  columns: [
    { key: 'taskQueue', title: 'taskQueue', priority: 'key', filter: true },
    { key: 'status', title: 'status', type: 'enum', enum: 'QueueAlertStatus', priority: 'key', filter: true },
    { key: 'reasons', title: 'reasons', format: (value) => ((value as string[] | undefined) ?? []).join(', ') },
    { key: 'openedAt', title: 'openedAt', type: 'datetime', sorter: true },
    { key: 'recoveredAt', title: 'recoveredAt', type: 'datetime', sorter: true },
    { key: 'peakBacklog', title: 'peakBacklog', type: 'number' },
    { key: 'peakAgeSeconds', title: 'peakAgeSeconds', format: seconds },
    // each mail sent, skipped with the reason, or still to go
    { key: 'mails', title: 'mails', priority: 'wide', format: (_, row) => createElement(AlertMails, { mails: row.mails ?? [] }) },
  ],
});
