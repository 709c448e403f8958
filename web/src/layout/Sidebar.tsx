import { Layout, Menu, Typography } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppTitle } from '../app/appInfo';
import { SIDEBAR_WIDTH } from '../app/theme';

interface SidebarProps {
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
}

/** Until the menu tree comes from the server, the sidebar offers the pages every user has. */
export function Sidebar({ collapsed, onCollapse }: SidebarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const appTitle = useAppTitle();
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsible
      collapsed={collapsed}
      trigger={null}
      breakpoint="lg" /* Ant Design lg = 992px, the mobile breakpoint */
      onBreakpoint={(belowBreakpoint) => onCollapse(belowBreakpoint)}
    >
      <Typography.Title level={5} ellipsis style={{ color: '#fff', margin: 0, padding: '20px 16px', textAlign: 'center' }}>
        {collapsed ? appTitle.slice(0, 1) : appTitle}
      </Typography.Title>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={[pathname]}
        onClick={({ key }) => navigate(key)}
        items={[{ key: '/home', icon: <HomeOutlined />, label: t('page.home') }]}
      />
      {!collapsed && (
        <Typography.Paragraph type="secondary" style={{ color: 'rgba(255,255,255,0.45)', padding: 16, fontSize: 12 }}>
          {t('shell.permissionHint')}
        </Typography.Paragraph>
      )}
    </Layout.Sider>
  );
}
