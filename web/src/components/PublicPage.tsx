import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { Link } from 'react-router';
import { useAppTitle } from '../app/appInfo';
import { LanguageLinks } from './LanguageLinks';

/** The frame of pages shown outside the shell: login, about, health (plain elements: the login page stays small). */
export function PublicPage({ children, width = 720 }: { children: ReactNode; width?: number }) {
  const { token } = theme.useToken();
  const appTitle = useAppTitle();
  return (
    // Plain elements inherit the body's font, which no Ant Design component sets: give them the console's.
    <div style={{ minHeight: '100%', background: token.colorBgLayout, fontFamily: token.fontFamily, color: token.colorText }}>
      <Flex component="header" align="center" justify="space-between" wrap gap={8} style={{ minHeight: 64, paddingInline: 24 }}>
        <Link to="/" style={{ color: token.colorText, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
          {appTitle}
        </Link>
        <LanguageLinks />
      </Flex>
      <main style={{ padding: '24px 16px' }}>
        <div style={{ maxWidth: width, margin: '0 auto' }}>{children}</div>
      </main>
    </div>
  );
}
