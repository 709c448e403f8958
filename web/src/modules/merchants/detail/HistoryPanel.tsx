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

type HistoryPage = { items: HistoryEntry[]; total: number } | undefined;

export interface HistoryTableProps {
  /** The query key of the history (the page and page size are added to it). */
  queryKey: readonly unknown[];
  load: (page: number, pageSize: number, signal?: AbortSignal) => Promise<HistoryPage>;
  /** Namespaces read before the merchants' texts: where `entity<Entity>` names the records of this history. */
  namespaces?: readonly string[];
  testId?: string;
}

/** An action history from the audit trail, a page at a time: who, when, which record, each field's label and its
 *  values before and after in the reader's language. */
export function HistoryTable({ queryKey, load, namespaces = [], testId = 'history' }: HistoryTableProps) {
  const t = useTranslate([...namespaces, 'merchants', 'resource']);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const history = useQuery({
    queryKey: [...queryKey, paging],
    queryFn: ({ signal }) => load(paging.page, paging.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<HistoryEntry>
      rowKey="id"
      size="small"
      data-testid={testId}
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

/** The merchant's action history: changes to it, its accounts and its shops, from the audit trail, a page at a time. */
export function HistoryPanel({ merchantId }: { merchantId: number }) {
  return (
    <HistoryTable queryKey={['merchant', merchantId, 'history']} testId="merchant-history"
      load={(page, pageSize, signal) => merchantApi.history(merchantId, page, pageSize, signal)} />
  );
}
