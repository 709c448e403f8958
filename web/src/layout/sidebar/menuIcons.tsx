import type { ReactNode } from 'react';
import {
  ApiOutlined, AppstoreOutlined, ContactsOutlined, DashboardOutlined, HomeOutlined, SettingOutlined,
  ShopOutlined, ToolOutlined, UserOutlined,
} from '@ant-design/icons';

/** The icon names the menu tree uses (authority `icon`); unknown names fall back to a neutral icon. */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  user: <UserOutlined />,
  operation: <ShopOutlined />,
  api: <ApiOutlined />,
  warehouse: <AppstoreOutlined />,
  crm: <ContactsOutlined />,
  dashboard: <DashboardOutlined />,
  system: <ToolOutlined />,
  setting: <SettingOutlined />,
};

export function menuIcon(name: string | null | undefined, topLevel: boolean): ReactNode {
  if (name && ICONS[name]) return ICONS[name];
  return topLevel ? <AppstoreOutlined /> : undefined;
}
