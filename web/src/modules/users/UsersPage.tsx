import { useMemo, useState } from 'react';
import { ResourcePage } from '../../components/resource';
import type { User } from './api';
import users from './resource';
import { UserAuthoritiesDrawer } from './UserAuthoritiesDrawer';

/** Users on the resource kit, plus the authorities granted to one user directly. */
export default function UsersPage() {
  const [granting, setGranting] = useState<User>();
  const resource = useMemo(
    () => ({
      ...users,
      rowActions: [{ key: 'authorities', label: 'authorities.action', permission: 'user#grant', run: (user: User) => setGranting(user) }],
    }),
    [],
  );
  return (
    <>
      <ResourcePage resource={resource} />
      {granting && <UserAuthoritiesDrawer user={granting} onClose={() => setGranting(undefined)} />}
    </>
  );
}
