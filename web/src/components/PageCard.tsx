import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { titleIn } from '../app/menuEntries';
import { usePageInfo } from '../layout/keepAlive/PageContext';

/** A screen's card, titled with its menu entry in the user's language (or `title`). */
export function PageCard({ title, extra, testId, children }: { title?: ReactNode; extra?: ReactNode; testId?: string; children: ReactNode }) {
  const { i18n } = useTranslation();
  const { menu } = usePageInfo();
  return (
    <Card title={title ?? titleIn(menu?.titles, i18n.language)} extra={extra} data-testid={testId}>
      {children}
    </Card>
  );
}
