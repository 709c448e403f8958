import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../components/format/money';
import { formatTime } from '../../../components/format/time';
import { enumLabel, useEnumOptions } from '../../../components/resource';
import { useTranslate } from '../../../i18n';
import { merchantApi, type Payment } from '../api';

/** The merchant's payment records (SPEC §4 PAID, PENDING, FAILED, CANCEL), newest first. */
export function PaymentsPanel({ merchantId }: { merchantId: number }) {
  const t = useTranslate(['merchants', 'expenses', 'resource']);
  const payments = useQuery({
    queryKey: ['merchant', merchantId, 'payments'],
    queryFn: ({ signal }) => merchantApi.payments(merchantId, signal),
  });
  const statuses = useEnumOptions('PaymentStatus');
  const plans = useEnumOptions('PlanName');
  return (
    <Table<Payment>
      rowKey="id"
      size="small"
      data-testid="merchant-payments"
      loading={payments.isFetching}
      dataSource={payments.data?.items ?? []}
      pagination={false}
      columns={[
        { key: 'createdAt', title: t('expenses:createdAt'), dataIndex: 'createdAt', render: (value) => formatTime(value) },
        { key: 'planName', title: t('planName'), dataIndex: 'planName', render: (value) => enumLabel(plans, value) },
        { key: 'amount', title: t('expenses:amount'), render: (_, row) => formatMoney(row.amount, row.currency) },
        { key: 'status', title: t('expenses:status'), dataIndex: 'status', render: (value) => enumLabel(statuses, value) },
        { key: 'paymentSerial', title: t('expenses:paymentSerial'), dataIndex: 'paymentSerial' },
        { key: 'paidAt', title: t('expenses:paidAt'), dataIndex: 'paidAt', render: (value) => formatTime(value) },
      ]}
    />
  );
}
