import type { HTMLAttributes } from 'react';
import type { Breakpoint, TableProps } from 'antd';
import type { Translate } from '../../i18n';
import { Cell } from './Cell';
import { afterTableChange, sortOrderOf, type ListState } from './listState';
import { PAGE_SIZES, type Column, type ColumnPriority, type Row } from './types';

/** The screen widths a column shows at, by its priority (antd breakpoint md: >= 768 px); on a wider screen the
 *  columns the table has room for (useFittingColumns), `wide` ones leaving first. */
const SHOWN_FROM: Record<ColumnPriority | 'plain', Breakpoint[] | undefined> = { key: undefined, plain: ['md'], wide: ['md'] };

/** A cell cut to one line keeps its full text for the mouse (the title tooltip). */
function hoverText(column: Column<Row>, row: Row): string | undefined {
  const value = row[column.key];
  return value === null || value === undefined ? undefined : String(value);
}

const CUT_WIDTH = 320;

/** One line cut with "…": at most the column's width, and at most 40% of a narrow screen (a phone's list). */
function cutStyle(column: Column<Row>) {
  return {
    display: 'block',
    maxWidth: `min(${column.width ?? CUT_WIDTH}px, 40vw)`,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  } as const;
}

/** The header cell names its field and priority, so a layout check can find the key columns of any list. */
function headerMarks(column: Column<Row>) {
  return { 'data-column': column.key, 'data-priority': column.priority ?? 'plain' } as HTMLAttributes<HTMLElement>;
}

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
      // A cut column sizes itself (cutStyle), so the table keeps its automatic layout.
      width: column.ellipsis ? undefined : column.width,
      responsive: SHOWN_FROM[column.priority ?? 'plain'],
      onHeaderCell: () => headerMarks(column),
      sorter: column.sorter ? true : undefined,
      sortOrder: column.sorter ? sortOrderOf(state.sort, column.key) : undefined,
      render: (_: unknown, row: R) =>
        column.ellipsis ? (
          <span title={hoverText(column, row)} style={cutStyle(column)} data-ellipsis>
            <Cell column={column} row={row} />
          </span>
        ) : (
          <Cell column={column} row={row} />
        ),
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
