import { Result } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppTitle } from '../../app/appInfo';

/** The landing page after login; the dashboards replace this placeholder. */
export default function HomePage() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  return (
    <Result
      icon={<SmileOutlined />}
      title={t('home.welcome', { appTitle })}
      subTitle={t('home.placeholder')}
    />
  );
}
