import { Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { titleIn } from '../app/menuEntries';
import { VIEWS } from '../app/views';
import { usePageInfo } from '../layout/keepAlive/PageContext';

/** A screen of the menu whose module has not been released yet (listed in web/README.md). */
export default function NotAvailablePage() {
  const { t, i18n } = useTranslation();
  const { menu } = usePageInfo();
  const view = menu ? VIEWS[menu.identifier] : undefined;
  const module = view?.kind === 'pending' ? t(`modules.${view.module}`) : '';
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={t('pending.title', { page: titleIn(menu?.titles, i18n.language) || t('tabs.noName') })}
      subTitle={t('pending.text', { module })}
      data-testid="not-available"
    />
  );
}
