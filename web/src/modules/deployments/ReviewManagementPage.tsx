import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { tasksIn } from './lists';
import { TabbedLists } from './TabbedLists';

const PENDING = tasksIn(['PENDING_REVIEW']);
const DECIDED = tasksIn(['APPROVED', 'REJECTED', 'EXPIRED']);

/** /system/audit/review-management: what waits for a reviewer, and what was decided; each paged on the server. */
export default function ReviewManagementPage() {
  const t = useTranslate(['deployments']);
  return (
    <TabbedLists items={[
      { key: 'pending', label: t('taskStatus.PENDING_REVIEW'), children: <ResourcePage resource={PENDING} title={t('reviewsTitle')} /> },
      { key: 'decided', label: t('decided'), children: <ResourcePage resource={DECIDED} title={t('reviewsTitle')} /> },
    ]} />
  );
}
