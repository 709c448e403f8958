import { useMemo, useState } from 'react';
import { useTranslate } from '../../i18n';
import { ResourcePage, type Resource } from '../../components/resource';
import { toast } from '../../components/feedback';
import { userApi, type User } from './api';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import users from './resource';
import { UserAuthoritiesDrawer } from './UserAuthoritiesDrawer';

type Open = { kind: 'authorities' | 'password'; user: User };

/** Users on the resource kit, plus the authorities granted to one user directly, password reset and unlock. */
export default function UsersPage() {
  const t = useTranslate(['users']);
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  const resource: Resource<User> = useMemo(
    () => ({
      ...users,
      rowActions: [
        { key: 'authorities', label: 'authorities.action', permission: 'user#grant', run: (user: User) => setOpen({ kind: 'authorities', user }) },
        { key: 'password', label: 'reset.action', permission: 'user#edit', run: (user: User) => setOpen({ kind: 'password', user }) },
        {
          key: 'unlock',
          label: 'unlock.action',
          permission: 'user#unlock',
          confirm: 'unlock.confirm',
          run: async (user: User) => {
            const { removed } = await userApi.unlock(user.username);
            toast.success(t('unlock.done', { count: removed }));
          },
        },
      ],
    }),
    [t],
  );
  return (
    <>
      <ResourcePage resource={resource} />
      {open?.kind === 'authorities' && <UserAuthoritiesDrawer user={open.user} onClose={close} />}
      {open?.kind === 'password' && <ResetPasswordDialog user={open.user} onClose={close} />}
    </>
  );
}
