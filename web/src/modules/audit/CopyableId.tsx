import { Button, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslate } from '../../i18n';
import { copyText } from '../../components/copy';

/** An id staff quote to support (a transaction id), with a copy button ('Copy Succeeded'). */
export function CopyableId({ value }: { value: string | null | undefined }) {
  const t = useTranslate();
  if (!value) return null;
  return (
    <Space size={2}>
      <Typography.Text code>{value}</Typography.Text>
      <Button type="link" size="small" icon={<CopyOutlined />} aria-label={t('common.copy')} onClick={() => copyText(value)} />
    </Space>
  );
}
