import { api } from '../../api/client';
import { useState } from 'react';
import { Card, Flex, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { components } from '../../api/schema';
import { formatMoney } from '../../components/format/money';
import { DateRangeFilter } from '../../components/resource/DateControls';
import { useTranslate } from '../../i18n';

type Performance = components['schemas']['PerformanceRow'];

/** SPEC §2 /operation/ginee-iam/saas-expenses/iam-performance: payments per sales person and currency. */
export default function PerformancePage() {
  const t = useTranslate(['iam']);
  const [range, setRange] = useState<string[] | undefined>([dayjs().subtract(30, 'day').startOf('day').toISOString(), dayjs().endOf('day').toISOString()]);
  const [start, end] = range ?? [];
  const rows = useQuery({
    queryKey: ['expenses', 'performance', start, end],
    queryFn: ({ signal }) => api.get('/cms/expenses/performance', { params: { query: { start, end } }, signal }),
  });
  return (
    <Card title={t('title')} data-testid="iam-performance">
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <DateRangeFilter value={range} onChange={setRange} withTime />
      </Flex>
      <Table<Performance>
        rowKey={(row) => `${row.salesId ?? 'none'}-${row.currency}`}
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={false}
        columns={[
          { key: 'sales', title: t('sales'), render: (_, row) => row.salesName ?? t('unassigned') },
          { key: 'currency', title: t('currency'), dataIndex: 'currency' },
          { key: 'merchants', title: t('merchants'), dataIndex: 'merchants' },
          { key: 'paidCount', title: t('paidCount'), dataIndex: 'paidCount' },
          { key: 'paidAmount', title: t('paidAmount'), render: (_, row) => formatMoney(row.paidAmount, row.currency) },
          { key: 'pendingCount', title: t('pendingCount'), dataIndex: 'pendingCount' },
          { key: 'failedCount', title: t('failedCount'), dataIndex: 'failedCount' },
        ]}
      />
    </Card>
  );
}
