import { Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../components/format/time';
import { PageCard } from '../../components/PageCard';
import { useTranslate } from '../../i18n';
import { heartbeatApi, REFRESH_MS, type ApplicationStatus } from './api';

/** Application status (SPEC §2): each kind of process at each version, how many are alive or dead, where. */
export default function ApplicationStatusPage() {
  const t = useTranslate(['heartbeats']);
  const { data, isFetching } = useQuery({
    queryKey: ['heartbeats', 'application-status'],
    queryFn: ({ signal }) => heartbeatApi.applicationStatus(signal),
    refetchInterval: REFRESH_MS,
  });
  return (
    <PageCard>
      <Table<ApplicationStatus>
        rowKey={(row) => `${row.kind} ${row.version}`}
        size="small"
        loading={isFetching && !data}
        dataSource={data ?? []}
        pagination={false}
        data-testid="application-status"
        columns={[
          { key: 'kind', title: t('kind'), render: (_, row) => t(`kinds.${row.kind}` as never) },
          { key: 'version', title: t('version'), dataIndex: 'version' },
          { key: 'alive', title: t('alive'), render: (_, row) => <Tag color={row.alive ? 'success' : 'default'}>{row.alive}</Tag> },
          { key: 'dead', title: t('dead'), render: (_, row) => <Tag color={row.dead ? 'error' : 'default'}>{row.dead}</Tag> },
          { key: 'hosts', title: t('hosts'), render: (_, row) => row.hosts.join(', ') },
          { key: 'lastBeatAt', title: t('lastBeatAt'), render: (_, row) => formatTime(row.lastBeatAt) },
        ]}
      />
    </PageCard>
  );
}
