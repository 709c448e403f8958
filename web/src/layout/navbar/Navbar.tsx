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

/**
 * SPEC §2 navbar: hamburger, last-level breadcrumb, recent pages, tickets, search, language, settings, avatar. On a
 * phone the buttons keep their icons only and a long title is cut with "…", so the bar is never wider than the screen.
 */
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
        <nav aria-label={t('shell.breadcrumb')} data-testid="breadcrumb" title={typeof title === 'string' ? title : undefined}
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0, fontWeight: 500, color: token.colorText }}>
          {title}
        </nav>
        {!sidebar.mobile && <RecentPages />}
        <Flex align="center" gap={sidebar.mobile ? 0 : 4} style={{ marginInlineStart: 'auto', flexShrink: 0 }}>
          {searching ? (
            <Suspense fallback={null}>
              <RouteSearchBox onDone={() => setSearching(false)} />
            </Suspense>
          ) : (
            <Button type="text" icon={<SearchOutlined />} aria-label={t('shell.search')} onClick={() => setSearching(true)} />
          )}
          <TicketSlot />
          <LanguageSwitch compact={sidebar.mobile} />
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
