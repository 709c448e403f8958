import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useNavigate } from 'react-router';
import { Cell, type Column, type Row } from '../../../components/resource';
import { afterTableChange, sortOrderOf, type ListState } from '../../../components/resource/listState';
import { PAGE_SIZES } from '../../../components/resource/types';
import type { Translate } from '../../../i18n';
import { ticketPath, type TicketRow } from '../api';
import type { TicketColumn } from './columns';

interface TicketTableProps {
  testId: string;
  columns: TicketColumn[];
  rows: TicketRow[];
  /** The pager's total text ("10,000+ tickets"). */
  totalText: string;
  total: number;
  loading: boolean;
  state: ListState;
  onState: (next: Partial<ListState>) => void;
  t: Translate;
}

/** The tickets of one page; a click on a row opens the ticket. Sort and page live in the address. */
export function TicketTable({ testId, columns, rows, totalText, total, loading, state, onState, t }: TicketTableProps) {
  const navigate = useNavigate();
  const tableColumns: TableColumnsType<TicketRow> = columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: t(column.title),
    sorter: column.sorter ? true : undefined,
    sortOrder: column.sorter ? sortOrderOf(state.sort, column.key) : undefined,
    render: (_: unknown, row: TicketRow) => <Cell column={column as unknown as Column<Row>} row={row} />,
  }));
  const onChange = (pagination: TablePaginationConfig, _: unknown, sorter: SorterResult<TicketRow> | SorterResult<TicketRow>[]) =>
    onState(afterTableChange(state, pagination, sorter));

  return (
    <Table<TicketRow>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={tableColumns}
      dataSource={rows}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      onRow={(row) => ({
        style: { cursor: 'pointer' },
        // The id and title are links already; a click elsewhere on the row opens the ticket too.
        onClick: (event) => {
          if (!(event.target as HTMLElement).closest('a, button')) navigate(ticketPath(row.id));
        },
      })}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: () => totalText,
      }}
    />
  );
}
