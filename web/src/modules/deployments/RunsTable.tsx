import { Button, Drawer, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/access/can';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import { deployApi, type DeployRun, type Environment } from './api';
import { LogViewer } from './LogViewer';

const COLOURS: Record<string, string> = { QUEUED: 'blue', RUNNING: 'processing', SUCCEEDED: 'success', FAILED: 'error',
  CANCELLED: 'default', WITHDRAWN: 'default', SUPERSEDED: 'default', FROZEN: 'warning' };

export function RunStatus({ status }: { status: string }) {
  const t = useTranslate(['deployments']);
  return <Tag color={COLOURS[status]} data-testid="run-status">{t(`runStatus.${status}` as never)}</Tag>;
}

/** Runs of the CI, CD and release-log screens (and of one task), each with its log, retry, cancel and flow. */
export function RunsTable({ environments, taskId }: { environments?: Environment[]; taskId?: number }) {
  const t = useTranslate(['deployments']);
  const can = useCan();
  const client = useQueryClient();
  const [open, setOpen] = useState<DeployRun | null>(null);
  const filters = { environment: environments, taskId, pageSize: 50, sort: '-id' };
  const { data, isFetching } = useQuery({ queryKey: ['deploy', 'runs', filters], queryFn: () => deployApi.runs(filters), refetchInterval: 3000 });
  const act = async (call: Promise<unknown>) => {
    await call;
    await client.invalidateQueries({ queryKey: ['deploy'] });
  };
  return (
    <>
      <Table<DeployRun> rowKey="id" size="small" loading={isFetching && !data} dataSource={data?.items ?? []} pagination={false}
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          { title: t('project'), dataIndex: 'projectCode' },
          { title: t('version'), dataIndex: 'version' },
          { title: t('environment'), dataIndex: 'environment', render: (v: string) => t(`environments.${v}` as never) },
          { title: t('kind'), dataIndex: 'kind', render: (v: string) => t(`kinds.${v}` as never) },
          { title: t('status'), dataIndex: 'status', render: (v: string) => <RunStatus status={v} /> },
          { title: t('requestedBy'), dataIndex: 'requestedByName' },
          { title: t('startedAt'), dataIndex: 'startedAt', render: (v: string | null) => formatTime(v) },
          { title: t('finishedAt'), dataIndex: 'finishedAt', render: (v: string | null) => formatTime(v) },
          { title: '', key: 'actions', render: (_, run) => (
            <Space size={4}>
              <Button size="small" onClick={() => setOpen(run)}>{t('log.open')}</Button>
              {can('deploy#run') && ['FAILED', 'CANCELLED'].includes(run.status) && <Button size="small" onClick={() => void act(deployApi.retry(run.id))}>{t('retry')}</Button>}
              {can('deploy#cancel') && ['QUEUED', 'RUNNING'].includes(run.status) && <Button size="small" danger onClick={() => void act(deployApi.cancel(run.id))}>{t('cancel')}</Button>}
              {run.workflowUrl && <Button size="small" type="link" href={run.workflowUrl} target="_blank">{t('flow')}</Button>}
            </Space>
          ) },
        ]} />
      <Drawer open={open !== null} width={960} onClose={() => setOpen(null)} title={open ? `#${open.id} ${open.projectCode} ${open.version}` : ''} destroyOnHidden>
        {open && <LogViewer runId={open.id} height={640} />}
      </Drawer>
    </>
  );
}
