import { useLayoutEffect } from 'react';
import { Layout } from 'antd';
import { useUserInfo } from '../app/access/session';
import { useSettings } from '../app/settings';
import { Sidebar } from './sidebar/Sidebar';
import { useSidebarState } from './sidebar/sidebarState';
import { Navbar } from './navbar/Navbar';
import { TabsView } from './tabs/TabsView';
import { startTabs } from './tabs/tabsStore';
import { tabFor } from './tabs/tabList';
import { KeepAliveOutlet } from './keepAlive/KeepAliveOutlet';
import { UnsavedChangesGuard } from './unsaved/UnsavedChangesGuard';
import { ShellFooter } from './Footer';
import { useEntriesByIdentifier } from './useMenuEntries';
import { useVisitTracking } from './useVisitTracking';

/** This user's tabs from before a reload, with the affixed pages (home) always there. */
function useTabsOfUser(): void {
  const user = useUserInfo();
  const entries = useEntriesByIdentifier();
  useLayoutEffect(() => {
    if (!user) return;
    const affixed = [...entries.values()].filter((entry) => entry.affix && !entry.path.includes(':'));
    startTabs(user.username, entries, affixed.map((entry) => tabFor(entry, entry.path, entry.path)));
  }, [user, entries]);
}

/** The signed-in frame (SPEC §2): sidebar, navbar, tabs view, the pages, footer. */
export default function ShellLayout() {
  const sidebar = useSidebarState();
  const { showTabs, fixedHeader, showFooter } = useSettings();
  useTabsOfUser();
  useVisitTracking();
  return (
    <Layout style={{ minHeight: '100vh' }} hasSider data-testid="shell" data-mobile={sidebar.mobile || undefined}>
      <Sidebar state={sidebar} />
      <Layout style={{ minWidth: 0 }}>
        <div style={fixedHeader ? { position: 'sticky', top: 0, zIndex: 20 } : undefined} data-testid="shell-header">
          <Navbar sidebar={sidebar} />
          {showTabs && <TabsView />}
        </div>
        <Layout.Content style={{ margin: sidebar.mobile ? 8 : 16, minWidth: 0 }}>
          <KeepAliveOutlet />
        </Layout.Content>
        {showFooter && <ShellFooter />}
      </Layout>
      <UnsavedChangesGuard />
    </Layout>
  );
}
