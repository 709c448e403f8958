import { defineResource } from '../../components/resource';
import type { Notice } from './api';
import { TicketInput } from '../tickets/TicketInput';
import { FaqInput } from './FaqInput';

/** SPEC §9: notice text 300 characters as a reader sees them; the server counts them without the markup. */
export const TEXT_MAX = 300;

/** Notices and FAQ (SPEC §3, §5); the server half is api/routers/notices.py. Every option is required. */
export default defineResource<Notice>({
  name: 'notices',
  api: 'notice',
  permission: 'notices-faq-manage',
  actions: ['add', 'edit', 'delete', 'export'],
  defaultSort: '-updatedAt',
  columns: [
    { key: 'title', title: 'title', priority: 'key', filter: true, sorter: true, ellipsis: true, width: 220, form: { required: true, max: 100 } },
    { key: 'kind', title: 'kind', type: 'enum', enum: 'NoticeKind', filter: true, form: { required: true } },
    { key: 'language', title: 'language', type: 'enum', enum: 'ContentLanguage', filter: { multiple: true }, form: { required: true } },
    { key: 'releaseStatus', title: 'releaseStatus', type: 'enum', enum: 'ReleaseStatus', priority: 'key', filter: { multiple: true } },
    { key: 'state', title: 'state', type: 'enum', enum: 'ContentState', priority: 'key', filter: { multiple: true }, form: { required: true } },
    { key: 'pinned', title: 'pinned', type: 'boolean', form: { required: true } },
    { key: 'releaseAt', title: 'releaseAt', type: 'datetime', filter: true, sorter: true, form: { required: true } },
    { key: 'startAt', title: 'startAt', type: 'datetime', sorter: true, priority: 'wide', form: { required: true } },
    { key: 'endAt', title: 'endAt', type: 'datetime', sorter: true, priority: 'wide', form: { required: true } },
    { key: 'ticketId', title: 'ticketId', type: 'number', hidden: true, format: (_, row) => (row.ticketId ? `#${row.ticketId} ${row.ticketTitle ?? ''}` : null), form: { input: TicketInput } },
    { key: 'faqId', title: 'faqId', type: 'number', hidden: true, format: (_, row) => row.faqTitle ?? row.faqId, form: { input: FaqInput } },
    { key: 'text', title: 'text', type: 'html', hidden: true, ellipsis: true, form: { required: true, max: TEXT_MAX } },
    { key: 'flowPending', title: 'flowPending', type: 'boolean', hidden: true },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true },
  ],
});
