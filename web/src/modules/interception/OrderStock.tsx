import { Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { useTranslate } from '../../i18n';
import { enumLabel, useEnumOptions } from '../../components/resource/enums';

type LineStock = components['schemas']['OrderLineStockPublic'];

const COLOURS: Record<LineStock['state'], string> = { RESERVED: 'blue', SHORT: 'red', RELEASED: 'default', SHIPPED: 'green' };

/** The stock side of a channel order, for its detail page: each line's reservation at the warehouse it was accepted
 *  at (reserved, short with what was free, released, shipped) and a link to each parcel it leaves the warehouse in
 *  (an outbound order carrying some of its SKUs, as the merchant's order settings split it), with its WMS status and
 *  the orders merged into it.
 *  `revision` reloads it after an action. */
export function OrderStock({ orderId, revision }: { orderId: number; revision?: number }) {
  const t = useTranslate(['interception']);
  const { data, isFetching } = useQuery({
    queryKey: ['order-fulfilment', orderId, revision],
    queryFn: ({ signal }) => api.get('/cms/order-fulfilment/{row_id}', { params: { path: { row_id: orderId } }, signal }),
  });
  const parcels = data?.parcels ?? [];
  const statuses = useEnumOptions('WmsOrderStatus');
  return (
    <section data-testid="order-stock">
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('orderStock')}</Typography.Title>
      {parcels.length > 0 && (
        <Typography.Paragraph data-testid="order-parcels">
          {t('parcels', { count: parcels.length })}:{' '}
          {parcels.map((parcel, index) => (
            <span key={parcel.id}>
              {index > 0 && '; '}
              <Link to={`/operation/ginee-oms/stock/outbound-inbound-order-query?orderNo=${encodeURIComponent(parcel.orderNo)}`}>{parcel.orderNo}</Link>
              {` (${[enumLabel(statuses, parcel.wmsStatus), parcel.skus.join(', ')].filter(Boolean).join(' · ')})`}
              {parcel.withOrders.length > 0 && ` ${t('withOrders', { orders: parcel.withOrders.join(', ') })}`}
            </span>
          ))}
        </Typography.Paragraph>
      )}
      <Table<LineStock>
        rowKey="lineNo"
        size="small"
        loading={isFetching}
        pagination={false}
        dataSource={data?.lines ?? []}
        locale={{ emptyText: t('notReserved') }}
        columns={[
          { key: 'sku', dataIndex: 'sku', title: t('sku') },
          { key: 'quantity', dataIndex: 'quantity', title: t('quantity') },
          {
            key: 'state',
            dataIndex: 'state',
            title: t('stockState'),
            render: (state: LineStock['state'], line) => (
              <Tag color={COLOURS[state]}>
                {t(`state${state}`)}
                {state === 'SHORT' && line.available !== null ? ` (${t('availableWas', { available: line.available })})` : ''}
              </Tag>
            ),
          },
        ]}
      />
    </section>
  );
}
