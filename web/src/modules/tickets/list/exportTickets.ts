import dayjs from 'dayjs';
import { saveFile } from '../../../components/resource';
import { ticketApi, type TicketRow } from '../api';
import { csvText } from './csv';
import type { CellLabels, TicketColumn } from './columns';
import { COUNT_CAP } from './total';

/** The largest page the search serves. */
const EXPORT_PAGE_SIZE = 500;

/** Every match of the filters, page after page, up to the count the list shows (10,000). */
async function allMatches(filters: Record<string, unknown>): Promise<TicketRow[]> {
  const rows: TicketRow[] = [];
  for (let page = 1; rows.length < COUNT_CAP; page++) {
    const { items } = await ticketApi.search({ ...filters, page, pageSize: EXPORT_PAGE_SIZE });
    rows.push(...items);
    if (items.length < EXPORT_PAGE_SIZE) break;
  }
  return rows.slice(0, COUNT_CAP);
}

/**
 * The tickets matching the filters as a CSV file of the columns shown, in the user's language.
 * Returns how many rows it wrote.
 */
export async function exportTickets(filters: Record<string, unknown>, columns: readonly TicketColumn[], labels: CellLabels): Promise<number> {
  const rows = await allMatches(filters);
  const text = csvText(
    columns.map((column) => labels.t(column.title)),
    rows.map((row) => columns.map((column) => column.text(row, labels))),
  );
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), `tickets-${dayjs().format('YYYYMMDD-HHmmss')}.csv`);
  return rows.length;
}
