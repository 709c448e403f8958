import { Drawer } from 'antd';
import { SIDEBAR_WIDTH } from '../../app/theme';
import { useSettings } from '../../app/settings';
import { Logo, SidebarMenu } from './Sidebar';
import type { SidebarState } from './sidebarState';

/** Below 992px the sidebar opens over the page and closes after a choice or a tap outside. */
export default function MobileSidebar({ state }: { state: SidebarState }) {
  const { showLogo } = useSettings();
  return (
    <Drawer
      placement="left"
      open={state.open}
      onClose={state.close}
      size={SIDEBAR_WIDTH}
      closable={false}
      styles={{ body: { padding: 0, background: '#001529' } }}
      data-testid="mobile-sidebar"
    >
      {showLogo && <Logo collapsed={false} />}
      <SidebarMenu onNavigate={state.close} />
    </Drawer>
  );
}
