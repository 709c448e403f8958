import { useState } from 'react';
import { Link } from 'react-router';
import { Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../components/format/money';
import { formatTime } from '../../components/format/time';
import { enumLabel, useEnumOptions } from '../../components/resource';
import { useTranslate } from '../../i18n';
import type { MerchantSlotProps } from '../merchants/detail/slots';
import { subscriptionApi, type SubscriptionRecord } from './api';

const PAGE_SIZE = 10;
const STATUS_COLOR: Record<string, string> = { ACTIVE: 'green', UPCOMING: 'blue', EXPIRED: 'default' };

/** The merchant's applied subscription and gift records (SPEC §3), newest first and paged: package, period, amount,
 *  status against today and when each was applied, each linking to its request. A tab of the merchant detail. */
export function MerchantRecordsPanel({ merchant }: MerchantSlotProps) {
  const t = useTranslate(['subscriptions']);
  const [page, setPage] = useState(1);
  const records = useQuery({
    queryKey: ['subscription', 'records', merchant.id, page],
    queryFn: ({ signal }) => subscriptionApi.records(merchant.id, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const statuses = useEnumOptions('SubscriptionRecordStatus');
  return (
    <Table<SubscriptionRecord>
      rowKey="id"
      size="small"
      data-testid="merchant-subscriptions"
      loading={records.isFetching}
      dataSource={records.data?.items ?? []}
      locale={{ emptyText: t('records.empty') }}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: records.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { key: 'package', title: t('records.package'), render: (_, row) => `${row.displayName} (${row.packageName})` },
        { key: 'kind', title: t('records.kind'), render: (_, row) => t(`kind.${row.kind}`) },
        { key: 'count', title: t('records.count'), dataIndex: 'quantity' },
        { key: 'period', title: t('records.period'), render: (_, row) => `${formatTime(row.effectiveAt)} – ${formatTime(row.expireAt)}` },
        { key: 'freeDays', title: t('records.freeDays'), dataIndex: 'freeDays' },
        { key: 'amount', title: t('records.amount'), render: (_, row) => `${formatMoney(row.actualPayment, row.currency)} ${row.currency}` },
        {
          key: 'status', title: t('records.status'),
          render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{enumLabel(statuses, row.status) || row.status}</Tag>,
        },
        { key: 'appliedAt', title: t('records.appliedAt'), render: (_, row) => formatTime(row.appliedAt) },
        { key: 'request', title: t('records.request'), render: (_, row) => <Link to={`/approval/${row.requestId}`}>{`#${row.requestId}`}</Link> },
      ]}
    />
  );
}
