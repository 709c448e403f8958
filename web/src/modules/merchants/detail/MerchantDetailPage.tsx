import { Descriptions, Empty, Flex, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageCard } from '../../../components/PageCard';
import { PageLoading } from '../../../components/PageLoading';
import { Cell, type Row } from '../../../components/resource';
import { useTranslate } from '../../../i18n';
import { merchantApi } from '../api';
import { merchantColumns } from '../resource';
import { AccountsPanel } from './AccountsPanel';
import { HistoryPanel } from './HistoryPanel';
import { PaymentsPanel } from './PaymentsPanel';
import { ShopsPanel } from './ShopsPanel';
import { MERCHANT_ACTIONS, MERCHANT_PANELS } from './slots';

const SUMMARY = merchantColumns.filter((column) => column.table !== false && column.key !== 'id');

/**
 * SPEC §2 merchant detail (/operation/ginee-iam/genie-iam-detail?id=): the merchant's fields, its IAM, ERP and
 * WMS accounts, shops, payment records and action history; other modules add buttons and tabs (./slots.ts).
 */
export default function MerchantDetailPage() {
  const t = useTranslate(['merchants', 'resource']);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const queryClient = useQueryClient();
  const merchant = useQuery({
    queryKey: ['merchant', id],
    queryFn: ({ signal }) => merchantApi.detail(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['merchant', id] });
  if (!Number.isInteger(id) || id <= 0 || merchant.isError) return <Empty description={t('notFound')} />;
  if (!merchant.data) return <PageLoading />;
  const data = merchant.data;
  const slot = { merchant: data, reload };
  return (
    <PageCard
      title={data.email}
      testId="merchant-detail"
      extra={<Flex gap={8} wrap>{MERCHANT_ACTIONS.map((Action, index) => <Action key={index} {...slot} />)}</Flex>}
    >
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} data-testid="merchant-summary">
        {SUMMARY.map((column) => (
          <Descriptions.Item key={column.key} label={t(column.title)}>
            <Cell column={column as never} row={data as unknown as Row} />
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          { key: 'accounts', label: t('accounts'), children: <AccountsPanel merchantId={id} onChanged={reload} /> },
          { key: 'shops', label: t('shops'), children: <ShopsPanel merchantId={id} onChanged={reload} /> },
          { key: 'payments', label: t('payments'), children: <PaymentsPanel merchantId={id} /> },
          { key: 'history', label: t('history'), children: <HistoryPanel merchantId={id} /> },
          ...MERCHANT_PANELS.map(({ key, title, Panel }) => ({ key, label: t(title), children: <Panel {...slot} /> })),
        ]}
      />
    </PageCard>
  );
}
