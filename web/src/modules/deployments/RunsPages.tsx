import { Card } from 'antd';
import { useTranslate } from '../../i18n';
import { RunsTable } from './RunsTable';

/** CI: the runs that integrate (development and test environments). */
export function CiPage() {
  const t = useTranslate(['deployments']);
  return <Card title={t('ciTitle')}><RunsTable environments={['DEV', 'TEST']} /></Card>;
}

/** CD: the runs that deliver (staging and production). */
export function CdPage() {
  const t = useTranslate(['deployments']);
  return <Card title={t('cdTitle')}><RunsTable environments={['STAGING', 'PRODUCTION']} /></Card>;
}
