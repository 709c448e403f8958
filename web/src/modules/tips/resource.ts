import type { components } from '../../api/schema';
import { defineResource } from '../../components/resource';
import { LinkedTextInput } from './LinkedTextInput';

export type Tip = components['schemas']['TipPublic'];

/** SPEC §5: at most 5 pages selectable for a tip. */
export const PAGES_MAX = 5;

/** Tips (SPEC §3, §5, §8); the server half is api/routers/tips.py, where one tip per page and country is a unique key. */
export default defineResource<Tip>({
  name: 'tips',
  api: 'tip',
  permission: 'tips-manage',
  actions: ['add', 'edit', 'delete', 'export'],
  defaultSort: '-updatedAt',
  columns: [
    { key: 'country', title: 'country', type: 'enum', enum: 'Country', priority: 'key', filter: { multiple: true }, sorter: true, form: { required: true } },
    { key: 'pages', title: 'pages', type: 'enum', enum: 'TipPage', priority: 'key', filter: { multiple: true }, form: { required: true, multiple: true, max: PAGES_MAX } },
    { key: 'status', title: 'status', type: 'enum', enum: 'ReleaseStatus', priority: 'key', filter: { multiple: true } },
    { key: 'startAt', title: 'startAt', type: 'datetime', filter: true, sorter: true, form: { required: true } },
    { key: 'endAt', title: 'endAt', type: 'datetime', filter: true, sorter: true, form: { required: true } },
    { key: 'content', title: 'content', type: 'html', ellipsis: true, width: 260, form: { required: true, input: LinkedTextInput } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true, priority: 'wide' },
  ],
});
