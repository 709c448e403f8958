import { useState } from 'react';
import { Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatTime } from '../../../components/format/time';
import { PAGE_SIZES } from '../../../components/resource/types';
import { useTranslate, type Translate } from '../../../i18n';
import { merchantApi, type HistoryEntry } from '../api';

type Change = HistoryEntry['readable'][number];

/** One value as the reader reads it: instants in the reader's zone, yes or no, labels the server translated. */
function valueText(change: Change, value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('common.notAvailable');
  if (change.kind === 'datetime') return formatTime(String(value));
  if (change.kind === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export const changesText = (changes: readonly Change[], t: Translate) =>
  changes.map((change) => `${change.label}: ${valueText(change, change.before, t)} → ${valueText(change, change.after, t)}`).join('; ');

/** The merchant's action history: changes to it, its accounts and its shops, from the audit trail, a page at a time. */
export function HistoryPanel({ merchantId }: { merchantId: number }) {
  const t = useTranslate(['merchants', 'resource']);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const history = useQuery({
    queryKey: ['merchant', merchantId, 'history', paging],
    queryFn: ({ signal }) => merchantApi.history(merchantId, paging.page, paging.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<HistoryEntry>
      rowKey="id"
      size="small"
      data-testid="merchant-history"
      loading={history.isFetching}
      dataSource={history.data?.items ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: history.data?.total ?? 0,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        hideOnSinglePage: false,
        showTotal: (count) => t('resource.total', { count }),
        onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
      }}
      columns={[
        { key: 'at', title: t('historyAt'), dataIndex: 'at', render: (value) => formatTime(value), width: 200 },
        { key: 'operatorName', title: t('operator'), dataIndex: 'operatorName' },
        { key: 'what', title: t('historyWhat'), render: (_, row) => `${t(`entity${row.entity}`)} #${row.entityId}` },
        { key: 'action', title: t('historyAction'), dataIndex: 'actionLabel' },
        {
          key: 'changes',
          title: t('historyChanges'),
          render: (_, row) => <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 480 }}>{changesText(row.readable, t)}</Typography.Text>,
        },
        { key: 'transactionId', title: t('transactionId'), dataIndex: 'transactionId', render: (value) => <Typography.Text copyable>{value}</Typography.Text> },
      ]}
    />
  );
}
