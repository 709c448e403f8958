import { defineResource } from '../../components/resource';
import type { components } from '../../api/schema';
import { DepartmentInput, UserInput } from '../users/inputs';

type Department = components['schemas']['DepartmentPublic'];

/** The department form (SPEC §3 Department; §5: names 2 to 20); the server half is api/routers/departments.py. */
export default defineResource<Department>({
  name: 'departments',
  api: 'department',
  permission: 'department-management',
  actions: ['add', 'edit', 'delete'],
  columns: [
    { key: 'name', title: 'name', form: { required: true, min: 2, max: 20 } },
    { key: 'fullName', title: 'fullName', form: { required: true, min: 2, max: 20 } },
    { key: 'leaderId', title: 'leader', form: { input: UserInput } },
    { key: 'parentId', title: 'parent', form: { input: DepartmentInput } },
  ],
});
