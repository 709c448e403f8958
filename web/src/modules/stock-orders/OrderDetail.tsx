import { api } from '../../api/client';
import { Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../api/schema';
import { useTranslate } from '../../i18n';
import { formatTime } from '../../components/format/time';
import { enumLabel, useEnumOptions } from '../../components/resource';
import type { Row } from '../../components/resource';

type Line = components['schemas']['StockOrderLinePublic'];

/** An order's lines beside the stock of their SKUs in the order's warehouse now, and what was done to it. */
export function OrderDetail({ row }: { row: Row }) {
  const t = useTranslate(['stock-orders']);
  const statuses = useEnumOptions('WarehouseDocumentStatus');
  const actions = useEnumOptions('StockOrderAction');
  const { data } = useQuery({
    queryKey: ['stock-order', 'details', row.id, row.revision],
    queryFn: ({ signal }) => api.get('/cms/stock-order/{row_id}/details', { params: { path: { row_id: row.id } }, signal }),
  });
  const stock = new Map((data?.stock ?? []).map((figures) => [figures.sku, figures]));
  const lines = (row.lines ?? []) as Line[];
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('lines')}</Typography.Title>
      <Table<Line>
        rowKey="id"
        size="small"
        pagination={false}
        data-testid="stock-order-lines"
        dataSource={lines}
        columns={[
          { key: 'sku', title: t('sku'), dataIndex: 'sku' },
          { key: 'planned', title: t('planned'), dataIndex: 'planned', align: 'right' },
          { key: 'done', title: t('done'), dataIndex: 'done', align: 'right' },
          ...(['onHand', 'locked', 'transit', 'available'] as const).map((bucket) => ({
            key: bucket,
            title: t(`stock.${bucket}`),
            align: 'right' as const,
            render: (_: unknown, line: Line) => <span data-testid={`stock-${line.sku}-${bucket}`}>{stock.get(line.sku)?.[bucket] ?? '—'}</span>,
          })),
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('history')}</Typography.Title>
      <Table
        rowKey="revision"
        size="small"
        pagination={false}
        data-testid="stock-order-history"
        dataSource={data?.actions ?? []}
        columns={[
          { key: 'at', title: t('at'), render: (_, action) => formatTime(action.at) },
          { key: 'action', title: t('action'), render: (_, action) => enumLabel(actions, action.action) },
          { key: 'quantities', title: t('quantities'), render: (_, action) => action.quantities.join(' / ') },
          { key: 'status', title: t('status'), render: (_, action) => enumLabel(statuses, action.statusAfter) },
          { key: 'operator', title: t('operator'), dataIndex: 'operatorName' },
        ]}
      />
    </>
  );
}
