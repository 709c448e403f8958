import { Alert, Progress, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';

export type StatsBackfill = components['schemas']['OrderStatsBackfillView'];

/** The order statistics rollup's backfill (its flow rolls the range's hours in batches): hours rolled of the total,
 * polled from its progress row every two seconds until it ends, and the flow in the Temporal Web UI. */
export function StatsBackfillProgress({ started }: { started: StatsBackfill }) {
  const t = useTranslate(['jobs', 'resource']);
  const { data } = useQuery({
    queryKey: ['order-stats-backfill', started.id],
    queryFn: () => api.get('/cms/order-stats/backfill/{backfill_id}', { params: { path: { backfill_id: started.id } } }),
    initialData: started,
    refetchInterval: (query) => (query.state.data?.state === 'RUNNING' ? 2000 : false),
  });
  const shown = data ?? started;
  const percent = shown.hours ? Math.floor((shown.done * 100) / shown.hours) : 100;
  const status = shown.state === 'FAILED' ? 'exception' : shown.state === 'COMPLETED' ? 'success' : 'active';
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="stats-backfill-progress">
      <Typography.Text>{t('statsBackfillRange', { start: formatTime(shown.startAt), end: formatTime(shown.endAt) })}</Typography.Text>
      <Progress percent={percent} status={status} />
      <Typography.Text data-testid="stats-backfill-state">
        {t(`statsBackfillState.${shown.state}`, { done: shown.done, hours: shown.hours })}
      </Typography.Text>
      {shown.error ? <Alert type="error" showIcon title={shown.error} /> : null}
      {shown.workflowUrl ? <a href={shown.workflowUrl} target="_blank" rel="noopener noreferrer">{t('openWorkflow')}</a> : null}
    </Space>
  );
}
