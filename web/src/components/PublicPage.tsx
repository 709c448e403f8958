import type { ReactNode } from 'react';
import { Flex, Layout, theme } from 'antd';
import { Link } from 'react-router';
import { useAppTitle } from '../app/appInfo';
import { LanguageSwitch } from './LanguageSwitch';

/** The frame of pages shown outside the shell: login, about, health. */
export function PublicPage({ children, width = 720 }: { children: ReactNode; width?: number }) {
  const { token } = theme.useToken();
  const appTitle = useAppTitle();
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Header style={{ background: 'transparent', paddingInline: 24 }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Link to="/" style={{ color: token.colorText, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
            {appTitle}
          </Link>
          <LanguageSwitch />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: '24px 16px' }}>
        <div style={{ maxWidth: width, margin: '0 auto' }}>{children}</div>
      </Layout.Content>
    </Layout>
  );
}
