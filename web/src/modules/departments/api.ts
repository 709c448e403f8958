import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type DepartmentNode = components['schemas']['DepartmentNode'];

/** Every department as a tree, with its leader and member count. */
export const departmentTreeQuery = {
  queryKey: ['department', 'tree'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => http.get<DepartmentNode[]>('department/tree', { signal }),
  staleTime: 30_000,
};
