import { useState } from 'react';
import { Card, Descriptions, Flex, Result, Select, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { useCan } from '../../app/access/can';
import { ConfirmButton } from '../../components/ConfirmAction';
import { toast } from '../../components/feedback';
import { formatMoney } from '../../components/format/money';
import { formatTime } from '../../components/format/time';
import { enumLabel, useEnumOptions } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { OrderStock } from '../interception/OrderStock';

type Detail = components['schemas']['OrderDetail'];
type Line = components['schemas']['OrderLinePublic'];
type Action = Detail['actions'][number];
type Cause = components['schemas']['OrderHoldBody']['cause'];

const COLOURS: Record<string, string> = {
  PENDING: 'gold', READY: 'blue', SHIPPING: 'processing', COMPLETED: 'success', ABNORMAL: 'error', CANCELLED: 'default',
};
/** Actions that cannot be taken back are asked as dangerous. */
const DANGER = new Set<Action>(['CANCEL', 'HOLD']);
const PATHS = {
  ACCEPT: '/cms/order/accept', SHIP: '/cms/order/ship', COMPLETE: '/cms/order/complete', CANCEL: '/cms/order/cancel',
  HOLD: '/cms/order/hold', RELEASE: '/cms/order/release',
} as const;

export function OrderStatusTag({ status }: { status: string }) {
  const statuses = useEnumOptions('OrderStatus');
  return <Tag color={COLOURS[status]} data-testid="order-status">{enumLabel(statuses, status) || status}</Tag>;
}

/**
 * SPEC §2 `/orderId/:id`: every field of the SPEC §3 order display (buyer, shipping address, AWB, weight, courier,
 * invoice number, shipping fee, insurance, subtotal), the lines with SKU, quantity and price, the timeline, and
 * the actions the order's state allows, each confirmed first.
 */
export default function OrderDetailPage() {
  const t = useTranslate(['orders']);
  const id = Number(useParams().id);
  const can = useCan();
  const queryClient = useQueryClient();
  const causes = useEnumOptions('OrderExceptionCause');
  const actionNames = useEnumOptions('OrderAction');
  const eventNames = useEnumOptions('OrderEventKind');
  const channels = useEnumOptions('Channel');
  const [cause, setCause] = useState<Cause>();
  const key = ['order', 'details', id];
  const order = useQuery({
    queryKey: key, enabled: id > 0,
    queryFn: ({ signal }) => api.get('/cms/order/{row_id}/details', { params: { path: { row_id: id } }, signal }),
  });
  const acting = useMutation({
    mutationFn: (action: Action) => action === 'HOLD'
      ? api.post(PATHS.HOLD, { body: { id, cause: cause! } })
      : api.post(PATHS[action], { body: { id } }),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ queryKey: ['order'] });
      toast.success(t('done'));
    },
    onError: () => void order.refetch(),
  });
  const handing = useMutation({
    mutationFn: () => api.post('/cms/order/to-warehouse', { body: { id } }),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries();
      toast.success(t('handedToWarehouse'));
    },
  });

  if (order.isLoading) return <Spin />;
  if (!order.data) return <Result status="404" title={t('notFound')} />;
  const data: Detail = order.data;
  const money = (value: string | number) => formatMoney(value, data.currency);
  const facts = [{ label: t('channelOrderNo'), value: data.channelOrderNo }];
  const address = [data.addressLine1, data.addressLine2, data.city, data.province, data.postcode, data.addressCountry]
    .filter(Boolean).join(', ');
  const allowed = data.actions.filter((action) => can(`order#${action.toLowerCase()}`));
  return (
    <Card title={t('title', { number: data.channelOrderNo })} extra={<OrderStatusTag status={data.status} />}>
      <Flex vertical gap={16}>
        <Flex gap={8} wrap data-testid="order-actions">
          {allowed.includes('HOLD') && (
            <Select<Cause> style={{ minWidth: 260 }} placeholder={t('holdCause')} aria-label={t('holdCause')} value={cause}
              onChange={setCause} data-testid="hold-cause"
              options={causes.filter((c) => c.value !== 'INTERCEPTED').map((c) => ({ value: c.value as Cause, label: c.label }))} />
          )}
          {allowed.map((action) => (
            <ConfirmButton key={action} danger={DANGER.has(action)} loading={acting.isPending && acting.variables === action}
              disabled={action === 'HOLD' && !cause} data-testid={`order-${action.toLowerCase()}`}
              question={t(`confirm.${action}`)} facts={facts} onConfirm={() => acting.mutateAsync(action)}>
              {enumLabel(actionNames, action) || action}
            </ConfirmButton>
          ))}
          {data.status === 'READY' && can('order#ship') && (
            <ConfirmButton loading={handing.isPending} data-testid="order-to-warehouse" question={t('confirm.TO_WAREHOUSE')}
              facts={facts} onConfirm={() => handing.mutateAsync()}>
              {t('toWarehouse')}
            </ConfirmButton>
          )}
        </Flex>
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="order-fields" items={[
          { key: 'merchant', label: t('merchantEmail'), children: data.merchantEmail },
          { key: 'shop', label: t('shopName'), children: `${data.shopName ?? ''} · ${enumLabel(channels, data.channel)}` },
          { key: 'orderedAt', label: t('orderedAt'), children: formatTime(data.orderedAt) },
          { key: 'paidAt', label: t('paidAt'), children: formatTime(data.paidAt) },
          { key: 'cause', label: t('cause'), children: data.cause ? `${enumLabel(causes, data.cause)}${data.ruleName ? ` · ${data.ruleName}` : ''}` : '—' },
          { key: 'buyer', label: t('buyer'), children: [data.buyerName, data.buyerPhone, data.buyerEmail].filter(Boolean).join(' · ') },
          { key: 'recipient', label: t('recipient'), children: [data.recipientName, data.recipientPhone].filter(Boolean).join(' · ') },
          { key: 'address', label: t('address'), children: address, span: 2 },
          { key: 'awb', label: t('awb'), children: data.awb ?? '—' },
          { key: 'weight', label: t('weight'), children: data.weightG != null ? `${data.weightG} g` : '—' },
          { key: 'courier', label: t('courier'), children: data.courier ?? '—' },
          { key: 'invoice', label: t('invoiceNo'), children: data.invoiceNo ?? '—' },
          { key: 'shippingFee', label: t('shippingFee'), children: money(data.shippingFee) },
          { key: 'insurance', label: t('insurance'), children: money(data.insurance) },
          { key: 'subtotal', label: t('subtotal'), children: money(data.subtotal) },
          { key: 'total', label: t('total'), children: `${money(data.total)} ${data.currency}` },
        ]} />
        <Typography.Title level={5}>{t('lines')}</Typography.Title>
        <Table<Line> rowKey="lineNo" size="small" pagination={false} dataSource={data.lines} data-testid="order-lines"
          columns={[
            { key: 'sku', title: t('sku'), dataIndex: 'sku' },
            { key: 'productName', title: t('productName'), dataIndex: 'productName' },
            { key: 'variant', title: t('variant'), dataIndex: 'variant' },
            { key: 'quantity', title: t('quantity'), dataIndex: 'quantity', align: 'right' },
            { key: 'unitPrice', title: t('unitPrice'), align: 'right', render: (_, line) => money(line.unitPrice) },
          ]} />
        <OrderStock orderId={data.id} revision={data.revision} />
        <Typography.Title level={5}>{t('timeline')}</Typography.Title>
        <Timeline data-testid="order-timeline" items={data.timeline.map((event) => ({
          key: event.revision,
          children: (
            <span>
              {formatTime(event.at)} · <strong>{enumLabel(eventNames, event.kind) || event.kind}</strong>
              {event.cause && ` · ${enumLabel(causes, event.cause)}`}{event.ruleName && ` · ${event.ruleName}`}
              {event.actorName && ` · ${event.actorName}`}{event.note && ` · ${event.note}`}
            </span>
          ),
        }))} />
      </Flex>
    </Card>
  );
}
