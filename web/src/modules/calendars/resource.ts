import { defineResource, TimeZoneInput } from '../../components/resource';
import type { BusinessCalendar } from './api';

/** Business calendars (SPEC §9 work time); the server half is api/routers/calendars.py. */
export default defineResource<BusinessCalendar>({
  name: 'calendars',
  api: 'ticket-calendar',
  permission: 'ticket-calendar',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: 'code',
  columns: [
    { key: 'code', title: 'code', filter: true, sorter: true, copyable: true, form: { required: true, max: 16, pattern: 'code', createOnly: true } },
    { key: 'name', title: 'name', filter: true, sorter: true, form: { required: true, max: 64 } },
    { key: 'timeZone', title: 'timeZone', form: { required: true, input: TimeZoneInput } },
    { key: 'workHours', title: 'workHours', format: () => '10:00 – 19:00' },
    { key: 'isDefault', title: 'isDefault', type: 'boolean', form: {} },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true },
  ],
});
