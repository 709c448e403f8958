import { defineResource } from '../../components/resource';
import { formatTime } from '../../components/format/time';
import type { MailHistoryItem, MailTask } from './api';
import { MailAttempts } from './MailAttempts';
import { TimedMailView } from './TimedMailView';
import { MailTaskInput } from './MailTaskInput';

const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/** Timed mails (SPEC §3): created and edited on their own screen, operated from the list; the View adds the content
 * and the next sends. */
export const timedMails = defineResource<MailTask>({
  name: 'mail',
  entity: 'entity',
  api: 'mail',
  permission: 'timed-mail',
  actions: ['delete'],
  columns: [
    { key: 'id', title: 'id', sorter: true, priority: 'key', width: 80 },
    { key: 'subject', title: 'subject', filter: true, sorter: true, priority: 'key', ellipsis: true, width: 240 },
    { key: 'status', title: 'status', type: 'enum', enum: 'MailTaskStatus', filter: { multiple: true }, sorter: true, priority: 'key' },
    { key: 'repeat', title: 'repeat', type: 'enum', enum: 'MailRepeat', filter: { multiple: true }, sorter: true },
    { key: 'kind', title: 'kind', type: 'enum', enum: 'MailKind', filter: { multiple: true } },
    { key: 'recipients', title: 'recipients', format: list, ellipsis: true, width: 220 },
    // in the mail's own zone, as its editor and its View show its sends
    { key: 'nextSends', title: 'nextSend', format: (value, task) => (Array.isArray(value) && value.length ? formatTime(value[0] as string, task.timeZone) : '') },
    { key: 'sendAt', title: 'sendAt', type: 'datetime', sorter: true, priority: 'wide' },
    { key: 'timeZone', title: 'timeZone', priority: 'wide' },
    { key: 'ownerName', title: 'owner', priority: 'wide' },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ],
  detail: TimedMailView,
});

/** The outbox (SPEC §2 mail history): one row per fire and recipient; the View adds every attempt. */
export const mailHistory = defineResource<MailHistoryItem>({
  name: 'mail-history',
  namespace: 'mail',
  entity: 'historyEntity',
  api: 'mail-history',
  permission: 'mail-history',
  columns: [
    { key: 'fireTime', title: 'fireTime', type: 'datetime', filter: true, sorter: true, priority: 'key' },
    { key: 'taskId', title: 'taskId', type: 'number', filter: { input: MailTaskInput }, width: 90 },
    { key: 'subject', title: 'subject', ellipsis: true, width: 200, priority: 'key' },
    { key: 'recipient', title: 'recipient', filter: true, sorter: true, priority: 'key' },
    { key: 'status', title: 'status', type: 'enum', enum: 'MailSendStatus', filter: { multiple: true }, sorter: true, priority: 'key' },
    { key: 'smtpError', title: 'smtpError', ellipsis: true, width: 200 },
    { key: 'attachmentNames', title: 'attachments', format: list },
    { key: 'messageId', title: 'messageId', ellipsis: true, width: 200, priority: 'wide', copyable: true },
    { key: 'serverId', title: 'serverId', priority: 'wide' },
    { key: 'sentAt', title: 'sentAt', type: 'datetime', sorter: true, priority: 'wide' },
    { key: 'attempts', title: 'attempts', type: 'number', priority: 'wide' },
    { key: 'smtpReply', title: 'smtpReply', ellipsis: true, width: 200, hidden: true },
  ],
  detail: MailAttempts,
});
