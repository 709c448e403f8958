import { useTranslate } from '../../i18n';
import { GrantDrawer } from '../authorities/GrantDrawer';
import { userApi, userLabel, type User } from './api';

/** The authorities one user holds directly, besides those of the user's roles (SPEC §6: "admin users"). */
export function UserAuthoritiesDrawer({ user, onClose }: { user: User; onClose: () => void }) {
  const t = useTranslate(['users']);
  return (
    <GrantDrawer
      title={t('authorities.title', { user: userLabel(user) })}
      queryKey={['user', 'authorities', user.id]}
      load={(signal) => userApi.authorities(user.id, signal)}
      save={(ids) => userApi.setAuthorities(user.id, ids)}
      onClose={onClose}
    />
  );
}
