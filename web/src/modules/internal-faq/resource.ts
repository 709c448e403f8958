import type { components } from '../../api/schema';
import { defineResource } from '../../components/resource';

export type InternalFaq = components['schemas']['InternalFaqPublic'];

/** The internal FAQ (SPEC §2 modify, §4 offline/online/draft/topping); the server half is api/routers/internal_faq.py. */
export default defineResource<InternalFaq>({
  name: 'internal-faq',
  api: 'internal-faq',
  permission: 'internal-faq-modify',
  actions: ['add', 'edit', 'delete', 'export'],
  defaultSort: '-updatedAt',
  columns: [
    { key: 'question', title: 'question', priority: 'key', filter: true, ellipsis: true, width: 280, form: { required: true, max: 200 } },
    { key: 'category', title: 'category', filter: true, form: { max: 64 } },
    { key: 'state', title: 'state', type: 'enum', enum: 'InternalFaqState', priority: 'key', filter: { multiple: true }, form: { required: true } },
    { key: 'answer', title: 'answer', type: 'html', hidden: true, ellipsis: true, form: { required: true } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true },
  ],
});
