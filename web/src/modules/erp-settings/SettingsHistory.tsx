import type { ComponentType } from 'react';
import { Typography } from 'antd';
import { api } from '../../api/client';
import type { Row } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { HistoryTable } from '../merchants/detail/HistoryPanel';

/** The ERP settings pages (their menu identifiers), each with its action history (api/routers/erp_settings_history.py). */
export type SettingsPage = 'basic-settings' | 'product-settings' | 'order-setting' | 'stock-settings' | 'shipping-setting';

interface HistoryQuery {
  merchantId?: number;
  entity?: string;
  entityId?: number;
}

/** One page's history call: the same query on every page's route. */
const historyOf = (page: SettingsPage, query: HistoryQuery, page_: number, pageSize: number, signal?: AbortSignal) =>
  api.get(`/cms/erp-settings/${page}/history` as '/cms/erp-settings/basic-settings/history',
    { params: { query: { ...query, page: page_, pageSize } }, signal });

/** Every change of the page's settings, templates and rules: who, when, each field's label, before and after. */
export function SettingsHistory({ page, query = {} }: { page: SettingsPage; query?: HistoryQuery }) {
  return (
    <HistoryTable queryKey={['erp-settings', page, 'history', query]} namespaces={['erp-settings']}
      testId="erp-settings-history" load={(p, size, signal) => historyOf(page, query, p, size, signal)} />
  );
}

/** The detail drawer's part below a row's fields: that row's own history. */
export function rowHistory<R extends Row>(page: SettingsPage, entity: string): ComponentType<{ row: R }> {
  return function RowHistory({ row }: { row: R }) {
    const t = useTranslate(['erp-settings']);
    return (
      <>
        <Typography.Title level={5}>{t('history')}</Typography.Title>
        <SettingsHistory page={page} query={{ entity, entityId: Number(row.id) }} />
      </>
    );
  };
}
