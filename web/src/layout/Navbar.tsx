import { Button, Flex, Layout, Modal, theme as antdTheme } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { logout } from '../api/session';

interface NavbarProps {
  collapsed: boolean;
  onToggle: () => void;
}

export function Navbar({ collapsed, onToggle }: NavbarProps) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const { token } = antdTheme.useToken();
  // SPEC §2: logout asks for confirmation, then loads /login afresh.
  const confirmLogout = () =>
    modal.confirm({
      title: t('shell.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: logout,
    });
  return (
    <Layout.Header style={{ background: token.colorBgContainer, paddingInline: 16 }}>
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <Button
          type="text"
          aria-label={t('shell.toggleSidebar')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
        <Flex align="center" gap={8}>
          <LanguageSwitch />
          <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout}>
            {t('shell.logout')}
          </Button>
        </Flex>
      </Flex>
      {modalHolder}
    </Layout.Header>
  );
}
