import { formatTime } from '../../../components/format/time';
import { RouteLink } from '../../../components/RouteLink';
import type { Column } from '../../../components/resource';
import { ticketPath, type TicketRow } from '../api';
import { personName } from '../detail/api';
import { LevelTag, StatusTag } from '../detail/TicketTags';
import { SlaCell } from './SlaCell';
import { UserInput, YesNoInput } from '../inputs';
import { MerchantAccountInput } from '../../merchants/MerchantInput';
import { ApplicationsInput, CategoriesInput, ListName } from '../listOptions';

export type TicketColumn = Column<TicketRow>;

const datetime = (value: unknown) => formatTime(value as string | null | undefined);

/**
 * The ticket list (docs/tickets.md `POST ticket/search`): one declaration drives the search form, the
 * table and the column settings (the server writes the export: `POST ticket/export`). Filter-only fields
 * are `table: false`. ID, title and status stay on a phone; a laptop adds level, assignee and SLA.
 */
export const TICKET_COLUMNS: TicketColumn[] = [
  { key: 'keyword', title: 'list.keyword', table: false, filter: true },
  {
    key: 'id',
    title: 'ticket.id',
    priority: 'key',
    sorter: true,
    format: (_, row) => <RouteLink to={ticketPath(row.id)}>#{row.id}</RouteLink>,
  },
  {
    key: 'title',
    title: 'ticket.title',
    priority: 'key',
    ellipsis: true,
    format: (_, row) => <RouteLink to={ticketPath(row.id)}>{row.title}</RouteLink>,
  },
  { key: 'level', title: 'ticket.level', type: 'enum', enum: 'TicketLevel', filter: { multiple: true }, sorter: true, format: (_, row) => <LevelTag level={row.level} /> },
  {
    key: 'status',
    title: 'ticket.status',
    type: 'enum',
    enum: 'TicketStatus',
    priority: 'key',
    filter: { multiple: true },
    sorter: true,
    format: (_, row) => <StatusTag status={row.status} mergedIntoId={row.mergedIntoId} />,
  },
  { key: 'category', title: 'ticket.category', priority: 'wide', filter: { multiple: true, input: CategoriesInput }, sorter: true, format: (value) => <ListName list="category" code={value} /> },
  { key: 'application', title: 'ticket.application', priority: 'wide', filter: { multiple: true, input: ApplicationsInput }, sorter: true, format: (value) => <ListName list="application" code={value} /> },
  {
    key: 'issueType',
    title: 'ticket.issueType',
    type: 'enum',
    enum: 'TicketIssueType',
    filter: { multiple: true },
    hidden: true,
  },
  { key: 'assigneeId', title: 'ticket.assignee', filter: { input: UserInput }, format: (_, row) => personName(row.assignee) },
  { key: 'picId', title: 'ticket.pic', priority: 'wide', filter: { input: UserInput }, format: (_, row) => personName(row.pic) },
  { key: 'submitter', title: 'ticket.submitter', priority: 'wide', format: (_, row) => personName(row.submitter) },
  { key: 'createdAt', title: 'ticket.createdAt', type: 'date', priority: 'wide', filter: true, sorter: true, format: datetime },
  { key: 'sla', title: 'ticket.sla', format: (_, row) => <SlaCell row={row} /> },
  { key: 'lastReplyAt', title: 'ticket.lastReplyAt', type: 'datetime', priority: 'wide', sorter: true },
  { key: 'accountId', title: 'ticket.accountId', table: false, filter: { input: MerchantAccountInput } },
  { key: 'breached', title: 'list.breached', table: false, filter: { input: YesNoInput } },
  { key: 'merged', title: 'list.merged', table: false, filter: { input: YesNoInput } },
];
