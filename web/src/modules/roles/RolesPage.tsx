import { useMemo, useState } from 'react';
import { ResourcePage, type Resource } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { GrantDrawer } from '../authorities/GrantDrawer';
import { roleApi, type Role } from './api';
import { BatchGrantDialog } from './BatchGrantDialog';
import { CopyGrantDialog } from './CopyGrantDialog';
import { MembersDrawer } from './MembersDrawer';
import roles from './resource';

type Open = { kind: 'members' | 'grant' | 'copy'; role: Role } | { kind: 'batch'; roles: Role[] };

/** Roles on the resource kit, with their members, permissions, copying and batch granting (SPEC §2). */
export default function RolesPage() {
  const t = useTranslate(['roles']);
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  const resource: Resource<Role> = useMemo(
    () => ({
      ...roles,
      rowActions: [
        { key: 'members', label: 'members.action', permission: 'role#members', run: (role: Role) => setOpen({ kind: 'members', role }) },
        { key: 'grant', label: 'grant.action', permission: 'role#grant', run: (role: Role) => setOpen({ kind: 'grant', role }) },
        { key: 'copy', label: 'copy.action', permission: 'role#grant', run: (role: Role) => setOpen({ kind: 'copy', role }) },
      ],
      batchActions: [{ key: 'grant', label: 'batch.action', permission: 'role#grant', run: (chosen: Role[]) => setOpen({ kind: 'batch', roles: chosen }) }],
    }),
    [],
  );
  return (
    <>
      <ResourcePage resource={resource} />
      {open?.kind === 'members' && <MembersDrawer role={open.role} onClose={close} />}
      {open?.kind === 'grant' && (
        <GrantDrawer
          title={t('grant.title', { role: open.role.name })}
          queryKey={['role', 'authorities', open.role.id]}
          load={(signal) => roleApi.authorities(open.role.id, signal)}
          save={(ids) => roleApi.setAuthorities(open.role.id, ids)}
          onClose={close}
        />
      )}
      {open?.kind === 'copy' && <CopyGrantDialog source={open.role} onClose={close} />}
      {open?.kind === 'batch' && <BatchGrantDialog roles={open.roles} onClose={close} />}
    </>
  );
}
