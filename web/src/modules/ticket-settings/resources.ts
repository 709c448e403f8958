import type { components } from '../../api/schema';
import { defineResource, type Column } from '../../components/resource';

export type ListEntry = components['schemas']['ListEntryPublic'];

/** An entry of a managed list: the code tickets hold (fixed once created) and its name in each language. */
function columns(codeMax: number): Column<ListEntry>[] {
  return [
    { key: 'code', title: 'code', filter: true, sorter: true, copyable: true, form: { required: true, max: codeMax, createOnly: true } },
    { key: 'nameEn', title: 'nameEn', filter: true, sorter: true, form: { required: true, max: 64 } },
    { key: 'nameZh', title: 'nameZh', form: { max: 64 } },
    { key: 'nameId', title: 'nameId', form: { max: 64 } },
    { key: 'enabled', title: 'enabled', type: 'boolean', filter: true, sorter: true, form: {} },
    { key: 'sort', title: 'sort', type: 'number', sorter: true, form: { min: 0, max: 9999 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true },
  ];
}

const crud = ['add', 'edit', 'delete', 'export', 'import'] as const;

/** Ticket categories (api/routers/ticket_settings.py): what the dashboard groups tickets by. */
export const categories = defineResource<ListEntry>({
  name: 'ticket-categories',
  namespace: 'ticket-settings',
  entity: 'category',
  api: 'ticket-category',
  permission: 'ticket-category',
  actions: crud,
  defaultSort: 'sort',
  columns: columns(64),
});

/** Ticket applications: the system a ticket is about. */
export const applications = defineResource<ListEntry>({
  name: 'ticket-applications',
  namespace: 'ticket-settings',
  entity: 'application',
  api: 'ticket-application',
  permission: 'ticket-application',
  actions: crud,
  defaultSort: 'sort',
  columns: columns(32),
});
