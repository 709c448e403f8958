import { Table } from 'antd';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../../app/access/canOpen';
import type { ListState } from '../../../components/resource/listState';
import { useFittingColumns } from '../../../components/resource/fitColumns';
import { pagedTableProps } from '../../../components/resource/pagedTable';
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

/** The tickets of one page, the columns it has room for; a click on a row opens the ticket. Sort and page live in
 *  the address. */
export function TicketTable({ testId, columns, rows, totalText, total, loading, state, onState, t }: TicketTableProps) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const fitting = useFittingColumns(columns, rows);
  return (
    <div ref={fitting.ref}>
      <Table<TicketRow>
        {...pagedTableProps({ columns: fitting.columns, rows, total, loading, state, onState, t, totalText: () => totalText })}
        data-testid={testId}
        onRow={(row) => ({
          style: canOpen(ticketPath(row.id)) ? { cursor: 'pointer' } : undefined,
          // The id and title are links already; a click elsewhere on the row opens the ticket too.
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('a, button') && canOpen(ticketPath(row.id))) navigate(ticketPath(row.id));
          },
        })}
      />
    </div>
  );
}
