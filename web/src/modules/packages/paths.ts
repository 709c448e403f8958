import type { PackageKind } from './api';

/** SPEC §2: the package screens under /operation/manage-accounts/saas-management/. */
export const BASE = '/operation/manage-accounts/saas-management';

const SECTION: Record<PackageKind, string> = { ERP: 'erp', MENU: 'menu', COMMON: 'common' };

export const listPath = (kind: PackageKind) => `${BASE}/${SECTION[kind]}/package-permission`;

/** ERP packages have their own create and edit routes; menu and common ones share the common routes. */
export function createPath(kind: PackageKind, count = 1): string {
  return kind === 'ERP' ? `${BASE}/erp/package-permission/create/${count}` : `${BASE}/common/package-permission/create/${count}?kind=${kind}`;
}

export function editPath(kind: PackageKind, id: number): string {
  return kind === 'ERP' ? `${BASE}/erp/package-permission/edit/${id}` : `${BASE}/common/package-permission/edit/${id}`;
}

export const permissionEditPath = (id: number) => `${BASE}/common/permission/edit/${id}`;
export const permissionViewPath = (id: number) => `${BASE}/common/permission/view/${id}`;

/** The kind a create route makes: the ERP route, or the `kind` asked on the common one (common by default). */
export function kindOfCreate(pathname: string, query: URLSearchParams): PackageKind {
  if (pathname.includes('/erp/')) return 'ERP';
  return query.get('kind') === 'MENU' ? 'MENU' : 'COMMON';
}
