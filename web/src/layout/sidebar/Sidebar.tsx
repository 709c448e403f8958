import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Layout, Menu } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppTitle } from '../../app/appInfo';
import { useMenus, useUserInfo } from '../../app/access/session';
import { visibleMenu } from '../../app/menuEntries';
import { SIDEBAR_WIDTH } from '../../app/theme';
import { useSettings } from '../../app/settings';
import { useRoutedEntries } from '../useMenuEntries';
import { useCurrentEntry } from '../useCurrentEntry';
import { isExternal } from './externalLink';
import { openFor, sidebarItems, uniqueOpen } from './menuItems';
import type { SidebarState } from './sidebarState';

const DARK_TEXT = 'rgba(255,255,255,0.65)';
const MobileSidebar = lazy(() => import('./MobileSidebar'));

export function Logo({ collapsed }: { collapsed: boolean }) {
  const appTitle = useAppTitle();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, height: 56, padding: '0 20px', overflow: 'hidden' }}>
      <img src="/favicon.svg" alt="" width={24} height={24} />
      {!collapsed && (
        <strong style={{ color: '#fff', fontSize: 16, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{appTitle}</strong>
      )}
    </div>
  );
}

export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const menus = useMenus();
  const user = useUserInfo();
  const routed = useRoutedEntries();
  const { uniqueOpened } = useSettings();
  const current = useCurrentEntry();
  const { items, parentOf } = useMemo(() => {
    const tree = visibleMenu(menus, new Set(routed.map((entry) => entry.identifier)));
    return sidebarItems(tree, i18n.language);
  }, [menus, routed, i18n.language]);
  const selected = current && !current.hidden ? current.path : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!selected) return;
    const arrived = shown.current !== selected;
    shown.current = selected;
    setOpenKeys((open) => openFor(selected, open, parentOf, { uniqueOpened, arrived }));
  }, [selected, parentOf, uniqueOpened]);

  return (
    <>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={openKeys}
        onOpenChange={(next) => setOpenKeys(uniqueOpened ? uniqueOpen(openKeys, next, parentOf) : next)}
        onClick={({ key }) => {
          if (isExternal(key)) window.open(key, '_blank', 'noopener');
          else navigate(key);
          onNavigate?.();
        }}
      />
      {user && !user.isSuper && (
        <p data-testid="permission-hint" style={{ color: DARK_TEXT, padding: 16, margin: 0, fontSize: 12 }}>
          {t('shell.permissionHint')}
        </p>
      )}
    </>
  );
}

/** SPEC §2: a 240px sidebar; closed below 992px, where it opens over the page. */
export function Sidebar({ state }: { state: SidebarState }) {
  const { showLogo } = useSettings();
  if (state.mobile) {
    return (
      <Suspense fallback={null}>
        <MobileSidebar state={state} />
      </Suspense>
    );
  }
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsible
      collapsed={!state.open}
      trigger={null}
      data-testid="sidebar"
      style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
    >
      {showLogo && <Logo collapsed={!state.open} />}
      <SidebarMenu />
    </Layout.Sider>
  );
}
