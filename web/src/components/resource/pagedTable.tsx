import type { TableProps } from 'antd';
import type { Translate } from '../../i18n';
import { Cell } from './Cell';
import { afterTableChange, sortOrderOf, type ListState } from './listState';
import { PAGE_SIZES, type Column, type Row } from './types';

export interface PagedTableInput<R extends Row> {
  columns: Column<R>[];
  rows: R[];
  total: number;
  loading: boolean;
  state: ListState;
  onState: (next: Partial<ListState>) => void;
  /** The pager's total text ("10,000+ tickets"). */
  totalText: (count: number) => string;
  t: Translate;
}

/** What every list table shares: a column a field, drawn by Cell and sortable where the column says so, and
 *  the page, its size and the sort kept in the address (the list state). */
export function pagedTableProps<R extends Row>(input: PagedTableInput<R>) {
  const { columns, rows, total, loading, state, onState, totalText, t } = input;
  return {
    rowKey: 'id',
    size: 'middle',
    loading,
    dataSource: rows,
    scroll: { x: 'max-content' },
    columns: columns.map((column) => ({
      key: column.key,
      dataIndex: column.key,
      title: t(column.title),
      width: column.width,
      sorter: column.sorter ? true : undefined,
      sortOrder: column.sorter ? sortOrderOf(state.sort, column.key) : undefined,
      render: (_: unknown, row: R) => <Cell column={column as unknown as Column<Row>} row={row} />,
    })),
    onChange: (pagination, _, sorter) => onState(afterTableChange(state, pagination, sorter)),
    pagination: {
      current: state.page,
      pageSize: state.pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      showTotal: totalText,
    },
  } satisfies TableProps<R>;
}
