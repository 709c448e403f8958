import { Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../../components/format/time';
import { useTranslate } from '../../../i18n';
import { merchantApi, type HistoryEntry } from '../api';

const changesText = (changes: Record<string, unknown>) =>
  Object.entries(changes)
    .map(([field, value]) => {
      const { before, after } = (value ?? {}) as { before?: unknown; after?: unknown };
      return `${field}: ${JSON.stringify(before ?? null)} → ${JSON.stringify(after ?? null)}`;
    })
    .join('; ');

/** The merchant's action history: changes to it, its accounts and its shops, from the audit trail. */
export function HistoryPanel({ merchantId }: { merchantId: number }) {
  const t = useTranslate(['merchants', 'resource']);
  const history = useQuery({
    queryKey: ['merchant', merchantId, 'history'],
    queryFn: ({ signal }) => merchantApi.history(merchantId, signal),
  });
  return (
    <Table<HistoryEntry>
      rowKey="id"
      size="small"
      data-testid="merchant-history"
      loading={history.isFetching}
      dataSource={history.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      columns={[
        { key: 'at', title: t('historyAt'), dataIndex: 'at', render: (value) => formatTime(value), width: 200 },
        { key: 'operatorName', title: t('operator'), dataIndex: 'operatorName' },
        { key: 'what', title: t('historyWhat'), render: (_, row) => `${t(`entity${row.entity}`)} #${row.entityId}` },
        { key: 'action', title: t('historyAction'), dataIndex: 'action' },
        {
          key: 'changes',
          title: t('historyChanges'),
          render: (_, row) => <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 480 }}>{changesText(row.changes)}</Typography.Text>,
        },
        { key: 'transactionId', title: t('transactionId'), dataIndex: 'transactionId', render: (value) => <Typography.Text copyable>{value}</Typography.Text> },
      ]}
    />
  );
}
