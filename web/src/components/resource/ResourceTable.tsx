import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { totalText } from './total';
import { RowActions } from './RowActions';
import { pagedTableProps, type PagedTableInput } from './pagedTable';
import { useFittingColumns } from './fitColumns';
import type { ResourceActionsOf } from './useRowActions';
import type { ActionContext, Resource, Row } from './types';

interface ResourceTableProps<R extends Row> extends Omit<PagedTableInput<R>, 'totalText'> {
  /** The total is the server's cap, and there are more. */
  totalCapped?: boolean;
  resource: Resource<R>;
  actions: ResourceActionsOf<R>;
  context: ActionContext;
  selected: R[];
  onSelect: (rows: R[]) => void;
  onView: (row: R) => void;
  onEdit: (row: R) => void;
}

/** The sortable, paginated table of a resource; sort and page live in the address. */
export function ResourceTable<R extends Row>(props: ResourceTableProps<R>) {
  const { resource, columns, rows, total, totalCapped = false, loading, state, onState, actions, context, selected, onSelect, onView, onEdit, t } = props;
  const { i18n } = useTranslation();
  const fitting = useFittingColumns(columns, rows);
  const table = pagedTableProps({
    columns: fitting.columns, rows, total, loading, state, onState, t,
    totalText: (count) => t('resource.total', { count: totalText(count, totalCapped, i18n.language) }),
  });
  const tableColumns: TableColumnsType<R> = [...table.columns];
  tableColumns.push({
    key: 'actions',
    title: t('resource.actions'),
    fixed: 'right',
    render: (_: unknown, row: R) => (
      <RowActions
        t={t}
        items={[
          ...(actions.canView(row) ? [{ key: 'view', label: t('resource.view'), onClick: () => onView(row) }] : []),
          ...(actions.canEdit ? [{ key: 'edit', label: t('resource.edit'), onClick: () => onEdit(row) }] : []),
          ...actions.rowActionsOf(row).map((action) => ({
            key: action.key,
            label: t(action.label),
            danger: action.danger,
            onClick: () => actions.runRow(action, row, context),
          })),
        ]}
      />
    ),
  });

  return (
    <div ref={fitting.ref}>
      <Table<R>
        {...table}
        columns={tableColumns}
        data-testid={`${resource.name}-table`}
        rowSelection={
          actions.batchActions.length
            ? { selectedRowKeys: selected.map((row) => row.id), onChange: (_, chosen) => onSelect(chosen) }
            : undefined
        }
      />
    </div>
  );
}
