import { defineResource } from '../../components/resource';
import type { Role } from './api';

/** Roles (SPEC §3 Role: name, type, status, members); the server half is api/routers/roles.py. */
export default defineResource<Role>({
  name: 'roles',
  api: 'role',
  permission: 'role-management',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: 'id',
  columns: [
    { key: 'name', title: 'name', priority: 'key', filter: true, sorter: true, form: { required: true, max: 64 } },
    { key: 'code', title: 'code' },
    { key: 'roleType', title: 'roleType', type: 'enum', enum: 'RoleType', filter: true, sorter: true, form: {} },
    { key: 'status', title: 'common.status', type: 'enum', enum: 'Status', priority: 'key', filter: true, sorter: true, form: {} },
    { key: 'memberCount', title: 'memberCount', type: 'number' },
    { key: 'authorityCount', title: 'authorityCount', type: 'number' },
    { key: 'isSuper', title: 'isSuper', type: 'boolean', hidden: true },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', priority: 'wide', sorter: true },
  ],
});
