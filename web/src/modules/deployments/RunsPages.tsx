import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { cdRuns, ciRuns } from './lists';

/** CI: the runs that integrate (development and test environments). */
export function CiPage() {
  const t = useTranslate(['deployments']);
  return <ResourcePage resource={ciRuns} title={t('ciTitle')} />;
}

/** CD: the runs that deliver (staging and production). */
export function CdPage() {
  const t = useTranslate(['deployments']);
  return <ResourcePage resource={cdRuns} title={t('cdTitle')} />;
}
