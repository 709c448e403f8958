import { Card, Tabs } from 'antd';
import { useTranslate } from '../../i18n';
import { TasksTable } from './TasksPage';

/** /system/audit/review-management: what waits for a reviewer, and what was decided. */
export default function ReviewManagementPage() {
  const t = useTranslate(['deployments']);
  return (
    <Card title={t('reviewsTitle')}>
      <Tabs items={[
        { key: 'pending', label: t('taskStatus.PENDING_REVIEW'), children: <TasksTable status={['PENDING_REVIEW']} /> },
        { key: 'decided', label: t('decided'), children: <TasksTable status={['APPROVED', 'REJECTED', 'EXPIRED']} /> },
      ]} />
    </Card>
  );
}
