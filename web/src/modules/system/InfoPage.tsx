import { Alert, Card, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format/time';
import { PublicPage } from '../../components/PublicPage';
import { PageLoading } from '../../components/PageLoading';
import { appInfoQuery } from '../../app/appInfo';

/** Hidden route /info: what is deployed. */
export default function InfoPage() {
  const { t } = useTranslation();
  const { data, error } = useQuery(appInfoQuery);
  return (
    <PublicPage>
      <Card title={t('info.title')}>
        {data ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('info.name')}>{data.name}</Descriptions.Item>
            <Descriptions.Item label={t('info.version')}>{data.version}</Descriptions.Item>
            <Descriptions.Item label={t('info.commit')}>{data.commit}</Descriptions.Item>
            <Descriptions.Item label={t('info.buildTime')}>
              {formatTime(data.buildTime) || data.buildTime}
            </Descriptions.Item>
            <Descriptions.Item label={t('info.appTitle')}>{data.appTitle}</Descriptions.Item>
          </Descriptions>
        ) : error ? (
          <Alert type="error" showIcon title={error.message} />
        ) : (
          <PageLoading />
        )}
      </Card>
    </PublicPage>
  );
}
