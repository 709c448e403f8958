import { Button, Card, Table, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RouteLink } from '../../components/RouteLink';
import { useCan } from '../../app/access/can';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import { deployApi, type DeployTask } from './api';
import { RunsTable } from './RunsTable';

const STATUS_COLOURS: Record<string, string> = { PENDING_REVIEW: 'processing', APPROVED: 'success', REJECTED: 'error', EXPIRED: 'default' };

export function TaskStatus({ status }: { status: string }) {
  const t = useTranslate(['deployments']);
  return <Tag color={STATUS_COLOURS[status]} data-testid="task-status">{t(`taskStatus.${status}` as never)}</Tag>;
}

export function TasksTable({ status }: { status?: string[] }) {
  const t = useTranslate(['deployments']);
  const filters = { status, pageSize: 50, sort: '-id' };
  const { data, isFetching } = useQuery({ queryKey: ['deploy', 'tasks', filters], queryFn: () => deployApi.tasks(filters) });
  return (
    <Table<DeployTask> rowKey="id" size="small" loading={isFetching && !data} dataSource={data?.items ?? []} pagination={false}
      columns={[
        { title: '#', dataIndex: 'id', width: 70, render: (id: number) => <RouteLink to={`/review/${id}`}>{id}</RouteLink> },
        { title: t('name'), dataIndex: 'name', render: (name: string, task) => <RouteLink to={`/review/${task.id}`}>{name}</RouteLink> },
        { title: t('project'), dataIndex: 'projectCode' },
        { title: t('version'), dataIndex: 'version' },
        { title: t('environment'), dataIndex: 'environment', render: (v: string) => t(`environments.${v}` as never) },
        { title: t('status'), dataIndex: 'status', render: (v: string) => <TaskStatus status={v} /> },
        { title: t('revision'), dataIndex: 'revision' },
        { title: t('author'), dataIndex: 'authorName' },
        { title: t('reviewDue'), dataIndex: 'reviewDueAt', render: (v: string) => formatTime(v) },
      ]} />
  );
}

/** /system/audit/deploy/jenkins-deploy: the deploy tasks and the release log of every run. */
export default function TasksPage() {
  const t = useTranslate(['deployments']);
  const can = useCan();
  const navigate = useNavigate();
  return (
    <Card title={t('tasksTitle')} extra={can('deploy#add') && <Button type="primary" onClick={() => void navigate('/review/created')}>{t('newTask')}</Button>}>
      <Tabs items={[
        { key: 'tasks', label: t('tasksTab'), children: <TasksTable /> },
        { key: 'releases', label: t('releaseLog'), children: <RunsTable /> },
      ]} />
    </Card>
  );
}
