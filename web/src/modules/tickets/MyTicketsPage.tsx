import { TicketList } from './list/TicketList';
import { TICKET_LISTS } from './list/lists';

/** SPEC §2 "my ticket": the tickets I submitted, am assigned or watch (menu `ticket-user-list`). */
export default function MyTicketsPage() {
  return <TicketList kind={TICKET_LISTS.mine} />;
}
