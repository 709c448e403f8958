import { TicketList } from './list/TicketList';
import { TICKET_LISTS } from './list/lists';

/** SPEC §2 tickets: every ticket, searchable (menu `ticket-list`). */
export default function TicketListPage() {
  return <TicketList kind={TICKET_LISTS.all} />;
}
