import type { ReactNode } from 'react';
import { theme } from 'antd';

/** A titled box of the home page. */
export function Panel({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  const { token } = theme.useToken();
  return (
    <section
      data-testid={testId}
      style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}
    >
      <h3 style={{ margin: 0, padding: '12px 16px', fontSize: token.fontSizeLG, borderBottom: `1px solid ${token.colorBorderSecondary}`, color: token.colorText }}>
        {title}
      </h3>
      <div style={{ padding: 16 }}>{children}</div>
    </section>
  );
}
