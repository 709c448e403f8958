import { referenceQuery } from '../../api/referenceQuery';
import type { components } from '../../api/schema';

export type DepartmentNode = components['schemas']['DepartmentNode'];

/** Every department as a tree, with its leader and member count. */
export const departmentTreeQuery = referenceQuery(['department', 'tree'], '/cms/department/tree', {
  staleTime: 30_000,
});
