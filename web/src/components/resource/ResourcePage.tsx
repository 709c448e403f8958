import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Tooltip } from 'antd';
import { DownloadOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTranslate } from '../../i18n';
import { titleIn } from '../../app/menuEntries';
import { usePageInfo } from '../../layout/keepAlive/PageContext';
import { useOnChange } from '../useOnChange';
import { resourceApi } from './api';
import { useExport } from './useExport';
import { exportPayload, listStateParams, sameAddress, type FilterValue, type ListState } from './listState';
import { listSearch, TAB } from './listQuery';
import { useTableDisplay } from './useTableDisplay';
import { useResourceActions } from './useRowActions';
import { visibleColumns } from './columnDisplay';
import { SearchForm } from './SearchForm';
import { ResourceTable } from './ResourceTable';
import { ColumnSettings } from './ColumnSettings';
import { BatchFooter } from './BatchFooter';
import { FormModal, type FormTarget } from './FormModal';
import { DetailDrawer } from './DetailDrawer';
import { ImportDialog } from './ImportDialog';
import { TabsWithCounts } from './TabsWithCounts';
import { tableColumns, type Column, type Resource, type Row } from './types';

export { TAB };

/**
 * The list page of a resource: search, table, column settings, export, import, detail, create and edit.
 * `title` replaces the menu title (a list shown in a tab of another screen).
 */
export function ResourcePage<R extends Row>({ resource, extra, title }: { resource: Resource<R>; extra?: ReactNode; title?: ReactNode }) {
  const t = useTranslate([resource.namespace, 'resource']);
  const { i18n } = useTranslation();
  const { menu } = usePageInfo();
  const queryClient = useQueryClient();
  const api = useMemo(() => resourceApi<R>(resource.api), [resource.api]);
  const columns = resource.columns as unknown as Column<Row>[];

  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // the route may have started this very search already (listQuery.ts prefetchList)
  const { state, payload, asked, queryKey } = listSearch(resource, params);
  const setState = (next: Partial<ListState>) => {
    const address = listStateParams({ ...state, ...next }, resource.pageSize);
    const tab = params.get(TAB); // the tab of the screen around the list stays as it is
    if (tab) address.set(TAB, tab);
    setParams(address);
  };
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.search(payload, signal),
    placeholderData: keepPreviousData,
    enabled: asked,
    refetchInterval: (query) => {
      const { refresh } = resource;
      return typeof refresh === 'function' ? refresh(query.state.data?.items ?? []) : refresh;
    },
  });
  // a list that refreshes by itself does so without the spinner; a new page or search still shows it
  const quietly = Boolean(resource.refresh) && list.isRefetching && !list.isPlaceholderData;
  const context = { reload: () => void queryClient.invalidateQueries({ queryKey: [resource.api] }) };
  // The Search button always asks the server, also when the filters are those already shown.
  const search = (filters: Record<string, FilterValue>) => {
    const next = { ...state, filters, page: 1 };
    if (resource.searchable && !resource.searchable(filters)) setState(next);
    else if (sameAddress(state, next, resource.pageSize)) void list.refetch();
    else setState(next);
  };

  const listed = useMemo(() => tableColumns(resource.columns), [resource.columns]);
  const { display, change, ready } = useTableDisplay(resource.name, listed);
  const actions = useResourceActions(resource, api, t);
  const [selected, setSelected] = useState<R[]>([]);
  useOnChange(JSON.stringify(payload), () => setSelected([]));
  const [viewing, setViewing] = useState<number>();
  const [editing, setEditing] = useState<FormTarget>();
  const [importing, setImporting] = useState(false);
  const { exporting, notice: exportNotice } = useExport(
    () => api.exportFile({ ...exportPayload({ ...state, sort: state.sort ?? resource.defaultSort }), ...resource.fixed }), t);

  const toolbar = (
    <Flex gap={8} wrap>
      {extra}
      {actions.canAdd && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ kind: 'create' })}>
          {t('resource.add')}
        </Button>
      )}
      {actions.canExport && (
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          {t('resource.export')}
        </Button>
      )}
      {actions.canImport && (
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
          {t('resource.import')}
        </Button>
      )}
      <Tooltip title={t('common.refresh')}>
        <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={context.reload} />
      </Tooltip>
      <ColumnSettings columns={listed} display={display} onChange={change} t={t} />
    </Flex>
  );

  return (
    <Card title={title ?? titleIn(menu?.titles, i18n.language)} extra={toolbar} data-testid={`${resource.name}-page`}>
      {exportNotice}
      {resource.hint && <Alert type="info" showIcon title={t(resource.hint)} style={{ marginBottom: 12 }} />}
      <SearchForm columns={columns.filter((column) => column.filter && column.key !== resource.tabs?.filter)} filters={state.filters} t={t} onSearch={search} />
      {resource.tabs && (
        <TabsWithCounts
          tabs={resource.tabs}
          counts={asked ? list.data?.tabs : undefined}
          active={state.filters[resource.tabs.filter]}
          onChange={(value) => setState({ filters: { ...state.filters, [resource.tabs!.filter]: value ?? '' }, page: 1 })}
        />
      )}
      <ResourceTable<R>
        resource={resource}
        columns={ready ? visibleColumns(listed, display) : []}
        rows={asked ? (list.data?.items ?? []) : []}
        total={asked ? (list.data?.total ?? 0) : 0}
        totalCapped={asked && (list.data?.totalCapped ?? false)}
        loading={(list.isFetching && !quietly) || !ready}
        state={state}
        onState={setState}
        actions={actions}
        context={context}
        selected={selected}
        onSelect={setSelected}
        onView={(row) => (resource.detailPath ? navigate(resource.detailPath(row)) : setViewing(row.id))}
        onEdit={(row) => setEditing({ kind: 'edit', id: row.id })}
        t={t}
      />
      <BatchFooter selected={selected} actions={actions} context={context} onClear={() => setSelected([])} t={t} />
      {viewing !== undefined && <DetailDrawer resource={resource} api={api} id={viewing} onClose={() => setViewing(undefined)} t={t} />}
      {editing && (
        <FormModal
          resource={resource}
          api={api}
          target={editing}
          t={t}
          onClose={() => setEditing(undefined)}
          onSaved={context.reload}
        />
      )}
      {importing && (
        <ImportDialog
          api={api}
          t={t}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            context.reload();
          }}
        />
      )}
    </Card>
  );
}
