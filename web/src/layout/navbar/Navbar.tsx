import { lazy, Suspense, useState } from 'react';
import { Button, Flex, Layout, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useRouteTitle } from '../../app/RootLayout';
import { useCurrentEntry } from '../useCurrentEntry';
import type { SidebarState } from '../sidebar/sidebarState';
import { RecentPages } from './RecentPages';
import { TicketSlot } from './TicketSlot';
import { AvatarMenu } from './AvatarMenu';

const RouteSearchBox = lazy(() => import('./RouteSearchBox'));
const SettingsDrawer = lazy(() => import('../settings/SettingsDrawer'));

/** SPEC §2 navbar: hamburger, last-level breadcrumb, recent pages, tickets, search, language, settings, avatar. */
export function Navbar({ sidebar }: { sidebar: SidebarState }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const title = useRouteTitle({ menu: useCurrentEntry() });
  const [searching, setSearching] = useState(false);
  const [settings, setSettings] = useState<'never' | 'open' | 'closed'>('never');
  return (
    <Layout.Header
      style={{ background: token.colorBgContainer, paddingInline: 12, height: 48, lineHeight: '48px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex align="center" gap={8} style={{ height: '100%' }}>
        <Button
          type="text"
          aria-label={t('shell.toggleSidebar')}
          aria-expanded={sidebar.open}
          icon={sidebar.open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={sidebar.toggle}
        />
        <nav aria-label={t('shell.breadcrumb')} data-testid="breadcrumb" style={{ whiteSpace: 'nowrap', fontWeight: 500, color: token.colorText }}>
          {title}
        </nav>
        {!sidebar.mobile && <RecentPages />}
        <Flex align="center" gap={4} style={{ marginInlineStart: 'auto' }}>
          {searching ? (
            <Suspense fallback={null}>
              <RouteSearchBox onDone={() => setSearching(false)} />
            </Suspense>
          ) : (
            <Button type="text" icon={<SearchOutlined />} aria-label={t('shell.search')} onClick={() => setSearching(true)} />
          )}
          <TicketSlot />
          <LanguageSwitch />
          <Button type="text" icon={<SettingOutlined />} aria-label={t('settings.title')} onClick={() => setSettings('open')} />
          <AvatarMenu compact={sidebar.mobile} />
        </Flex>
      </Flex>
      {settings !== 'never' && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settings === 'open'} onClose={() => setSettings('closed')} />
        </Suspense>
      )}
    </Layout.Header>
  );
}
