import { Alert, Descriptions, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../../components/format/time';
import { useTranslate } from '../../../i18n';
import { ticketDetailApi, type TicketIssueLevel } from './api';

/** The deadlines a priority change gives, and a warning when it would breach a clock the moment it is applied. */
export function PriorityPreview({ ticketId, level }: { ticketId: number; level: TicketIssueLevel | undefined }) {
  const t = useTranslate(['tickets']);
  const { data, isFetching } = useQuery({
    queryKey: ['ticket', 'priority-preview', ticketId, level],
    queryFn: ({ signal }) => ticketDetailApi.priorityPreview(ticketId, level!, signal),
    enabled: level !== undefined,
  });
  if (!data) return isFetching ? <Spin size="small" /> : null;
  return (
    <div data-testid="priority-preview">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('detail.sla.firstResponse')}>{formatTime(data.firstResponseDue)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.sla.resolve')}>{formatTime(data.resolveDue)}</Descriptions.Item>
      </Descriptions>
      {data.breachesNow.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="priority-breach-warning"
          title={t('detail.dialog.breachesNow', { clocks: data.breachesNow.map((clock) => t(`detail.dialog.clocks.${clock}`)).join(', ') })}
        />
      )}
    </div>
  );
}
