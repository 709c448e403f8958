import { Tag } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const LOOKS = {
  UP: { color: 'success', icon: <CheckCircleOutlined /> },
  DEGRADED: { color: 'warning', icon: <ExclamationCircleOutlined /> },
  DOWN: { color: 'error', icon: <CloseCircleOutlined /> },
  RESTARTING: { color: 'warning', icon: <SyncOutlined /> },
} as const;

export function StatusTag({ status }: { status: keyof typeof LOOKS }) {
  const { t } = useTranslation();
  const look = LOOKS[status];
  return (
    <Tag color={look.color} icon={look.icon} data-status={status}>
      {t(`health.status.${status}`)}
    </Tag>
  );
}
