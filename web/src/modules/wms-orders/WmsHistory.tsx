import { Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useTranslate } from '../../i18n';
import { formatTime } from '../../components/format/time';
import type { Row } from '../../components/resource';

/** What was done to the order, step by step, by whom and when (its history on the server). */
export function WmsHistory({ row }: { row: Row }) {
  const t = useTranslate(['wms-orders']);
  const { data } = useQuery({
    queryKey: ['wms-order', 'history', row.id, row.revision],
    queryFn: ({ signal }) => api.get('/cms/wms-order/{row_id}/history', { params: { path: { row_id: row.id } }, signal }),
  });
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('history')}</Typography.Title>
      <Table rowKey="revision" size="small" pagination={false} data-testid="wms-order-history" dataSource={data ?? []}
        columns={[
          { key: 'at', title: t('at'), render: (_, action) => formatTime(action.at) },
          { key: 'action', title: t('action'), render: (_, action) => t(`steps.${action.action}`, { defaultValue: action.action }) },
          { key: 'operator', title: t('operator'), dataIndex: 'operatorName' },
        ]} />
    </>
  );
}
