import { defineResource } from '../../components/resource';
import type { components } from '../../api/schema';

type ActionMapping = components['schemas']['ActionMappingPublic'];

/** SPEC §3 action mapping (action name, application type, URL, code): how log rows get their action names. */
export default defineResource<ActionMapping>({
  name: 'action-mappings',
  api: 'action-mapping',
  namespace: 'audit',
  permission: 'audit-log',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: 'id',
  columns: [
    { key: 'actionName', title: 'actionName', filter: true, sorter: true, form: { required: true, max: 64 } },
    { key: 'applicationType', title: 'application', filter: true, sorter: true, form: { required: true, max: 32 } },
    { key: 'url', title: 'mapping.url', filter: true, sorter: true, copyable: true, form: { required: true, max: 256 } },
    { key: 'code', title: 'mapping.code', filter: true, form: { max: 64 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true },
  ],
});
