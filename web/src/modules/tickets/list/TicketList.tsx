import { useMemo } from 'react';
import { Button, Flex, Tabs, Tooltip } from 'antd';
import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTranslate } from '../../../i18n';
import { useCan } from '../../../app/access/can';
import { PageCard } from '../../../components/PageCard';
import { enumLabel, useEnumOptions, useExport, type Column, type Row } from '../../../components/resource';
import { ColumnSettings } from '../../../components/resource/ColumnSettings';
import { visibleColumns } from '../../../components/resource/columnDisplay';
import { listStateParams, readListState, sameAddress, type FilterValue, type ListState } from '../../../components/resource/listState';
import { SearchForm } from '../../../components/resource/SearchForm';
import { DEFAULT_PAGE_SIZE, tableColumns } from '../../../components/resource/types';
import { useTableDisplay } from '../../../components/resource/useTableDisplay';
import { ticketApi } from '../api';
import { TICKET_COLUMNS } from './columns';
import type { TicketListKind } from './lists';
import { scopeOf, ticketFilters, ticketSearchBody } from './searchBody';
import { TicketTable } from './TicketTable';
import { totalText } from '../../../components/resource/total';

const NEW_TICKET_PATH = '/system/ticket/new';
/** The scope lives in the address beside the filters, but is chosen with the tabs. */
const STATE_COLUMNS = [...TICKET_COLUMNS, { key: 'scope', title: 'list.scope', table: false, filter: true }] as unknown as Column<Row>[];
const FILTERS = TICKET_COLUMNS.filter((column) => column.filter) as unknown as Column<Row>[];
const LISTED = tableColumns(TICKET_COLUMNS);

/** A ticket list (all tickets, or "my tickets"): scope tabs, filters, table, columns and export. */
export function TicketList({ kind }: { kind: TicketListKind }) {
  const t = useTranslate(['tickets', 'resource']);
  const { i18n } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const scopeLabels = useEnumOptions('TicketScope');

  const [params, setParams] = useSearchParams();
  const state = readListState(params, STATE_COLUMNS, DEFAULT_PAGE_SIZE);
  const setState = (next: Partial<ListState>) => setParams(listStateParams({ ...state, ...next }, DEFAULT_PAGE_SIZE));
  const scope = scopeOf(state.filters, kind.scopes);
  // A search keeps the tab; a list opened on its default tab keeps a plain address.
  const scopeFilter: Record<string, FilterValue> = state.filters.scope ? { scope: state.filters.scope } : {};
  const body = ticketSearchBody(state, kind.scopes);
  const list = useQuery({
    queryKey: ['ticket', 'search', body],
    queryFn: ({ signal }) => ticketApi.search(body, signal),
    placeholderData: keepPreviousData,
  });

  // The Search button always asks the server, also when the filters are those already shown.
  const search = (filters: Record<string, FilterValue>) => {
    const next = { ...state, filters: { ...filters, ...scopeFilter }, page: 1 };
    if (sameAddress(state, next, DEFAULT_PAGE_SIZE)) void list.refetch();
    else setState(next);
  };

  const { display, change, ready } = useTableDisplay(kind.name, LISTED);
  const shown = useMemo(() => visibleColumns(LISTED, display), [display]);
  const { exporting, notice: exportNotice } = useExport(
    () => ticketApi.exportFile({ ...ticketFilters(state.filters, kind.scopes), sort: body.sort }), t);

  const toolbar = (
    <Flex gap={8} wrap>
      {can('ticket-new') && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(NEW_TICKET_PATH)}>
          {t('list.newTicket')}
        </Button>
      )}
      {can('ticket#export') && (
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          {t('resource.export')}
        </Button>
      )}
      <Tooltip title={t('common.refresh')}>
        <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void queryClient.invalidateQueries({ queryKey: ['ticket', 'search'] })} />
      </Tooltip>
      <ColumnSettings columns={LISTED} display={display} onChange={change} t={t} />
    </Flex>
  );

  return (
    <PageCard extra={toolbar} testId={`${kind.name}-page`}>
      <Tabs
        activeKey={scope}
        onChange={(next) => setState({ filters: { ...state.filters, scope: next }, page: 1 })}
        items={kind.scopes.map((key) => ({ key, label: enumLabel(scopeLabels, key) }))}
      />
      <SearchForm columns={FILTERS} filters={state.filters} t={t} onSearch={search} />
      {exportNotice}
      <TicketTable
        testId={`${kind.name}-table`}
        columns={ready ? shown : []}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        totalText={t('list.total', { total: totalText(list.data?.total ?? 0, list.data?.totalCapped ?? false, i18n.language) })}
        loading={list.isFetching || !ready}
        state={state}
        onState={setState}
        t={t}
      />
    </PageCard>
  );
}
