import type { ReactNode } from 'react';
import type { UserInfo } from './session';
import { useUserInfo } from './session';

/** A permission identifier (`logistics#add`, `user-management`) or a list of which any one suffices. */
export type Permission = string | readonly string[];

/** Codes the server publishes for operations any signed-in user may call (api/main.py `declare_permissions`). */
const ANYONE = new Set(['public', '@authenticated']);

/** SPEC §6: menus and buttons are permission-driven; a super user holds every identifier. */
export function holds(user: Pick<UserInfo, 'permissions' | 'isSuper'> | undefined, permission: Permission | undefined): boolean {
  if (permission === undefined || (Array.isArray(permission) && permission.length === 0)) return true;
  if (!user) return false;
  if (user.isSuper) return true;
  const wanted = typeof permission === 'string' ? [permission] : permission;
  return wanted.some((identifier) => ANYONE.has(identifier) || user.permissions.includes(identifier));
}

/** `const can = useCan(); can('logistics#add')`: what the signed-in user may see and use. */
export function useCan(): (permission?: Permission) => boolean {
  const user = useUserInfo();
  return (permission) => holds(user, permission);
}

/** Shows its children only to users holding the permission (the server refuses the call anyway). */
export function Can({ permission, children, fallback = null }: { permission?: Permission; children: ReactNode; fallback?: ReactNode }) {
  const can = useCan();
  return <>{can(permission) ? children : fallback}</>;
}
