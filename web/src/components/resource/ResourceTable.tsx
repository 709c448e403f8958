import { Button, Space, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { Translate } from '../../i18n';
import { Cell } from './Cell';
import { afterTableChange, sortOrderOf, type ListState } from './listState';
import type { ResourceActionsOf } from './useRowActions';
import type { ActionContext, Column, Resource, Row } from './types';
import { PAGE_SIZES } from './types';

interface ResourceTableProps<R extends Row> {
  resource: Resource<R>;
  columns: Column<R>[];
  rows: R[];
  total: number;
  loading: boolean;
  state: ListState;
  onState: (next: Partial<ListState>) => void;
  actions: ResourceActionsOf<R>;
  context: ActionContext;
  selected: R[];
  onSelect: (rows: R[]) => void;
  onView: (row: R) => void;
  onEdit: (row: R) => void;
  t: Translate;
}

/** The sortable, paginated table of a resource; sort and page live in the address. */
export function ResourceTable<R extends Row>(props: ResourceTableProps<R>) {
  const { resource, columns, rows, total, loading, state, onState, actions, context, selected, onSelect, onView, onEdit, t } = props;
  const tableColumns: TableColumnsType<R> = columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: t(column.title),
    width: column.width,
    sorter: column.sorter ? true : undefined,
    sortOrder: column.sorter ? sortOrderOf(state.sort, column.key) : undefined,
    render: (_: unknown, row: R) => <Cell column={column as unknown as Column<Row>} row={row} />,
  }));
  tableColumns.push({
    key: 'actions',
    title: t('resource.actions'),
    fixed: 'right',
    render: (_: unknown, row: R) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onView(row)}>
          {t('resource.view')}
        </Button>
        {actions.canEdit && (
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            {t('resource.edit')}
          </Button>
        )}
        {actions.rowActions.map((action) => (
          <Button key={action.key} type="link" size="small" danger={action.danger} onClick={() => actions.runRow(action, row, context)}>
            {t(action.label)}
          </Button>
        ))}
      </Space>
    ),
  });

  const onChange = (pagination: TablePaginationConfig, _: unknown, sorter: SorterResult<R> | SorterResult<R>[]) =>
    onState(afterTableChange(state, pagination, sorter));

  return (
    <Table<R>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={tableColumns}
      dataSource={rows}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      data-testid={`${resource.name}-table`}
      rowSelection={
        actions.batchActions.length
          ? { selectedRowKeys: selected.map((row) => row.id), onChange: (_, chosen) => onSelect(chosen) }
          : undefined
      }
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (count) => t('resource.total', { count }),
      }}
    />
  );
}
