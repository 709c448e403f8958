import { useState } from 'react';
import { Descriptions, Empty, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatTime } from '../../components/format/time';
import { PageCard } from '../../components/PageCard';
import { PageLoading } from '../../components/PageLoading';
import { useTranslate } from '../../i18n';
import { heartbeatApi, REFRESH_MS, type Beat } from './api';
import { HeartbeatTag } from './StatusTag';

const PAGE_SIZE = 50;

/** One process (SPEC §2 /system/heartbeat/detail?id=…): what it is, and its beats, newest first. */
export default function HeartbeatDetailPage() {
  const t = useTranslate(['heartbeats']);
  const id = Number(useSearchParams()[0].get('id'));
  const [page, setPage] = useState(1);
  const known = Number.isInteger(id) && id > 0;
  const process = useQuery({
    queryKey: ['heartbeats', 'detail', id],
    queryFn: ({ signal }) => heartbeatApi.detail(id, signal),
    enabled: known,
    refetchInterval: REFRESH_MS,
  });
  const beats = useQuery({
    queryKey: ['heartbeats', 'beats', id, page],
    queryFn: () => heartbeatApi.beats(id, page, PAGE_SIZE),
    enabled: known,
    refetchInterval: REFRESH_MS,
  });
  if (!known || process.isError) return <PageCard><Empty description={t('notFound')} /></PageCard>;
  const shown = process.data;
  if (!shown) return <PageLoading />;
  return (
    <PageCard>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} data-testid="heartbeat-detail">
          <Descriptions.Item label={t('kind')}>{t(`kinds.${shown.kind}` as never)}</Descriptions.Item>
          <Descriptions.Item label={t('status')}><HeartbeatTag status={shown.status} /></Descriptions.Item>
          <Descriptions.Item label={t('host')}>{shown.host}</Descriptions.Item>
          <Descriptions.Item label={t('pid')}>{shown.pid}</Descriptions.Item>
          <Descriptions.Item label={t('version')}>{shown.version}</Descriptions.Item>
          <Descriptions.Item label={t('intervalSeconds')}>{shown.intervalSeconds}</Descriptions.Item>
          <Descriptions.Item label={t('startedAt')}>{formatTime(shown.startedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('lastBeatAt')}>{formatTime(shown.lastBeatAt)}</Descriptions.Item>
          <Descriptions.Item label={t('beats')}>{shown.beats}</Descriptions.Item>
        </Descriptions>
        <Table<Beat>
          rowKey="id"
          size="small"
          dataSource={beats.data?.items ?? []}
          loading={beats.isFetching && !beats.data}
          data-testid="heartbeat-history"
          pagination={{ current: page, pageSize: PAGE_SIZE, total: beats.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
          columns={[
            { key: 'at', title: t('at'), render: (_, beat) => formatTime(beat.at) },
            { key: 'memory', title: t('memoryMb'), render: (_, beat) => (beat.memoryKb == null ? '' : (beat.memoryKb / 1024).toFixed(1)) },
            { key: 'cpu', title: t('cpuSeconds'), dataIndex: 'cpuSeconds' },
          ]}
        />
      </Space>
    </PageCard>
  );
}
