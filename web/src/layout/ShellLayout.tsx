import { Suspense, useState } from 'react';
import { Layout, theme as antdTheme } from 'antd';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { Sidebar } from './Sidebar';
import { Navbar } from './Navbar';

/**
 * The signed-in frame: sidebar (240px, closes itself below 992px), navbar and content.
 * A first version; tabs, breadcrumbs, route search and settings come with the full shell.
 */
export default function ShellLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const { token } = antdTheme.useToken();
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Sidebar collapsed={collapsed} onCollapse={setCollapsed} />
      <Layout>
        <Navbar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        <Layout.Content style={{ margin: 16, padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
