import { OPERATION_PERMISSIONS } from '../../api/permissions';

/** An operation of the console API as `api/permissions.ts` keys it: `POST /cms/courier/add`. */
export type Operation = keyof typeof OPERATION_PERMISSIONS;

/**
 * The permission the server checks for `operation`, read from the schema the server publishes (any one of the
 * codes suffices): what decides whether the button that calls it is offered. `can(permissionOf(...))`.
 */
export function permissionOf(operation: Operation): readonly string[] {
  return OPERATION_PERMISSIONS[operation];
}

/** The operation behind `method` and `path` when the path is only known at run time (the resource kit's). */
export function findOperation(method: string, path: RegExp | string): Operation | undefined {
  const keys = Object.keys(OPERATION_PERMISSIONS) as Operation[];
  return keys.find((key) => {
    const [verb, route] = key.split(' ');
    return verb === method && (typeof path === 'string' ? route === path : path.test(route!));
  });
}
