import type { ReactNode } from 'react';
import {
  ApiOutlined, AppstoreOutlined, ContactsOutlined, DashboardOutlined, HomeOutlined, SettingOutlined,
  ShopOutlined, ToolOutlined, UserOutlined,
} from '@ant-design/icons';

/** The icon names the menu tree uses (authority `icon`); unknown names fall back to a neutral icon. */
const ICONS: Record<string, typeof HomeOutlined> = {
  home: HomeOutlined,
  user: UserOutlined,
  operation: ShopOutlined,
  api: ApiOutlined,
  warehouse: AppstoreOutlined,
  crm: ContactsOutlined,
  dashboard: DashboardOutlined,
  system: ToolOutlined,
  setting: SettingOutlined,
};

/** Decorative: hidden from screen readers, so a menu entry is named by its title alone. */
export function menuIcon(name: string | null | undefined, topLevel: boolean): ReactNode {
  const Icon = (name && ICONS[name]) || (topLevel ? AppstoreOutlined : undefined);
  return Icon ? <Icon aria-hidden /> : undefined;
}
