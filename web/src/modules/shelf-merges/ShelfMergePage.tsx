import { useState } from 'react';
import { Alert, Card, Descriptions, Flex, Progress, Result, Spin, Table, Tag, Typography } from 'antd';
import { ConfirmButton } from '../../components/ConfirmAction';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCan } from '../../app/access/can';
import { enumLabel, useEnumOptions } from '../../components/resource';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import { useTranslation } from 'react-i18next';
import { shelfMergeApi, type MergeThroughput, type ShelfMergeItem, type ShelfMergeView } from './api';
import { formatDuration, MergeDuration } from './duration';

const COLOURS: Record<string, string> = { RUNNING: 'processing', COMPLETED: 'success', CANCELLED: 'default', FAILED: 'error' };
const BAR: Record<string, 'active' | 'success' | 'exception' | 'normal'> = {
  RUNNING: 'active', COMPLETED: 'success', FAILED: 'exception', CANCELLED: 'normal' };
// How often a running merge is asked for its progress (the flow's query, answered between two batches).
const POLL_MS = 2000;
const PAGE_SIZE = 20;

export function MergeState({ state }: { state: string }) {
  const states = useEnumOptions('ShelfMergeState');
  return <Tag color={COLOURS[state]} data-testid="merge-state">{enumLabel(states, state) || state}</Tag>;
}

/**
 * `/warehouse-setting/location-management/shelf-merge/:id`: one shelf merge followed while it runs (SPEC §4: 3 to 5
 * minutes): its progress bar from the flow's query, the SKUs moved so far, cancel (what moved stays moved), retry
 * of a cancelled or failed merge (it continues with what is left), and its flow in the Temporal Web UI.
 */
export default function ShelfMergePage() {
  const t = useTranslate(['shelf-merges']);
  const id = Number(useParams().id);
  const can = useCan();
  const queryClient = useQueryClient();
  const key = ['shelf-merge', 'detail', id];
  const merge = useQuery({
    queryKey: key, queryFn: ({ signal }) => shelfMergeApi.detail(id, signal), enabled: id > 0,
    refetchInterval: (query) => (query.state.data?.state === 'RUNNING' ? POLL_MS : false),
  });
  const settled = (data: ShelfMergeView) => {
    queryClient.setQueryData(key, data);
    void queryClient.invalidateQueries({ queryKey: ['shelf-merge', 'items', id] });
  };
  const cancelling = useMutation({ mutationFn: () => shelfMergeApi.cancel(id), onSuccess: settled, onError: () => void merge.refetch() });
  const retrying = useMutation({ mutationFn: () => shelfMergeApi.retry(id), onSuccess: settled, onError: () => void merge.refetch() });

  if (merge.isLoading) return <Spin />;
  if (!merge.data) return <Result status="404" title={t('notFound')} />;
  const data = merge.data;
  const { progress } = data;
  const facts = [
    { label: t('warehouse'), value: data.warehouseName },
    { label: t('target'), value: data.targetShelfCode },
    { label: t('sources'), value: data.sourceShelfCodes.join(', ') },
  ];
  return (
    <Card title={t('title', { id: data.id })} extra={data.workflowUrl && (
      <a href={data.workflowUrl} target="_blank" rel="noreferrer">{t('temporal')}</a>
    )}>
      <Flex vertical gap={12}>
        <Flex align="center" gap={12} wrap>
          <MergeState state={data.state} />
          <Progress style={{ flex: 1, minWidth: 240, margin: 0 }} percent={progress.percent} status={BAR[data.state]}
            aria-label={t('progress')} />
          <Typography.Text data-testid="merge-counts">
            {t('counts', { moved: progress.moved, total: progress.total, batch: progress.batch })}
          </Typography.Text>
          {progress.skipped > 0 && <Typography.Text type="secondary">{t('skippedCount', { count: progress.skipped })}</Typography.Text>}
        </Flex>
        {data.state === 'RUNNING' && (
          <Alert type="info" showIcon title={data.cancelRequestedAt ? t('cancelling') : t('running')} />
        )}
        {data.state === 'CANCELLED' && <Alert type="warning" showIcon title={t('cancelled', { moved: progress.moved })} />}
        {data.state === 'FAILED' && <Alert type="error" showIcon title={t('failed')} description={data.error} />}
        <Flex gap={8}>
          {data.canCancel && can('shelf-merge#cancel') && (
            <ConfirmButton danger loading={cancelling.isPending} question={t('cancelConfirm')} facts={facts} onConfirm={() => cancelling.mutateAsync()}>
              {t('cancel')}
            </ConfirmButton>
          )}
          {data.canRetry && can('shelf-merge#add') && (
            <ConfirmButton type="primary" loading={retrying.isPending} question={t('retryConfirm')} facts={facts} onConfirm={() => retrying.mutateAsync()}>
              {t('retry')}
            </ConfirmButton>
          )}
        </Flex>
        <Descriptions size="small" column={2} bordered items={[
          { key: 'warehouse', label: t('warehouse'), children: data.warehouseName },
          { key: 'target', label: t('target'), children: data.targetShelfCode },
          { key: 'sources', label: t('sources'), children: data.sourceShelfCodes.join(', ') },
          { key: 'attempt', label: t('attempt'), children: data.attempt },
          { key: 'createdBy', label: t('createdBy'), children: data.createdByName ?? '' },
          { key: 'createdAt', label: t('createdAt'), children: formatTime(data.createdAt) },
          { key: 'startedAt', label: t('startedAt'), children: formatTime(data.startedAt) },
          { key: 'finishedAt', label: t('finishedAt'), children: formatTime(data.finishedAt) },
          { key: 'duration', label: t('duration'), children: <MergeDuration merge={data} /> },
          { key: 'rate', label: t('rate'), children: data.rate && <RateText rate={data.rate} /> },
          ...(data.state === 'RUNNING' ? [{ key: 'timeLeft', label: t('timeLeft'), children: <TimeLeft merge={data} /> }] : []),
          { key: 'workflow', label: t('workflowId'), children: data.workflowId },
        ]} />
        <MovedList mergeId={id} version={progress.moved} />
      </Flex>
    </Card>
  );
}

function RateText({ rate }: { rate: MergeThroughput }) {
  const t = useTranslate(['shelf-merges']);
  const { i18n } = useTranslation();
  const duration = formatDuration(rate.seconds, i18n.language);
  return <span data-testid="merge-rate">{t('ratePerMinute', { rate: rate.itemsPerMinute, items: rate.items, duration })}</span>;
}

/** The time a running merge still needs at a measured rate: its own run's, else the warehouse's recent merges'. */
function TimeLeft({ merge }: { merge: ShelfMergeView }) {
  const t = useTranslate(['shelf-merges']);
  const { i18n } = useTranslation();
  const { estimate } = merge;
  if (!estimate) return <Typography.Text type="secondary">{t('timeLeftUnknown')}</Typography.Text>;
  const duration = formatDuration(estimate.remainingSeconds, i18n.language);
  return <span data-testid="merge-time-left">{t(estimate.rate.basis === 'run' ? 'timeLeftRun' : 'timeLeftRecent', { duration })}</span>;
}

/** What moved so far, newest batch last; asked again whenever the count of moved SKUs changes. */
function MovedList({ mergeId, version }: { mergeId: number; version: number }) {
  const t = useTranslate(['shelf-merges']);
  const [page, setPage] = useState(1);
  const items = useQuery({
    queryKey: ['shelf-merge', 'items', mergeId, page, version],
    queryFn: ({ signal }) => shelfMergeApi.items(mergeId, page, PAGE_SIZE, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <Table<ShelfMergeItem> rowKey="id" size="small" title={() => t('moved')} loading={items.isLoading}
      dataSource={items.data?.items ?? []} data-testid="moved-list"
      pagination={{ current: page, pageSize: PAGE_SIZE, total: items.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: t('shelf'), dataIndex: 'shelfCode' },
        { title: t('sku'), dataIndex: 'sku' },
        { title: t('quantity'), dataIndex: 'quantity', align: 'right' },
        { title: t('batch'), dataIndex: 'batch', align: 'right' },
        { title: t('movedAt'), dataIndex: 'movedAt', render: (v: string | null) => formatTime(v) },
      ]} />
  );
}
