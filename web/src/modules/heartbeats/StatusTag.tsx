import { Tag } from 'antd';
import { useTranslate } from '../../i18n';

export function HeartbeatTag({ status }: { status: string }) {
  const t = useTranslate(['heartbeats']);
  return <Tag color={status === 'ALIVE' ? 'success' : 'error'} data-testid="heartbeat-status">{t(`statuses.${status}` as never)}</Tag>;
}
