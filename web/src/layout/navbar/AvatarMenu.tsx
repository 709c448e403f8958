import { api } from '../../api/client';
import { Button, theme } from 'antd';
import { DownloadOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../app/access/session';
import { logout } from '../../api/session';
import { confirm } from '../../components/feedback';
import { LazyDropdown } from '../../components/LazyDropdown';

/** The session ends on the server too; the page is then loaded afresh at /login whatever happened. */
async function signOut(): Promise<void> {
  await api.post('/cms/auth/logout', { notify: false }).catch(() => undefined);
  logout();
}

/** SPEC §2: avatar dropdown with username, email, profile and logout (asked first). */
export function AvatarMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const user = useUserInfo();
  const confirmLogout = () =>
    void confirm({ title: t('shell.logoutConfirm'), okText: t('common.ok'), cancelText: t('common.cancel'), onOk: signOut });
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <div style={{ lineHeight: 1.5 }}>
                <div style={{ color: token.colorText, fontWeight: 600 }} data-testid="avatar-username">{user?.username}</div>
                <div style={{ color: token.colorTextSecondary }}>{user?.email}</div>
              </div>
            ),
          },
          { type: 'divider' },
          { key: 'profile', icon: <UserOutlined aria-hidden />, label: t('shell.profile'), onClick: () => navigate('/user/center') },
          { key: 'exports', icon: <DownloadOutlined aria-hidden />, label: t('shell.exports'), onClick: () => navigate('/export-tasks') },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('shell.logout'), onClick: confirmLogout },
        ],
      }}
    >
      <Button type="text" icon={<UserOutlined />} aria-label={t('shell.account')}>
        {!compact && (user?.displayName || user?.username)}
      </Button>
    </LazyDropdown>
  );
}
