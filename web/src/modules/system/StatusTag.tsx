import { Tag } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function StatusTag({ status }: { status: 'UP' | 'DOWN' }) {
  const { t } = useTranslation();
  const up = status === 'UP';
  return (
    <Tag color={up ? 'success' : 'error'} icon={up ? <CheckCircleOutlined /> : <CloseCircleOutlined />} data-status={status}>
      {t(`health.status.${status}`)}
    </Tag>
  );
}
