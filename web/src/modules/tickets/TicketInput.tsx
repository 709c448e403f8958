import type { components } from '../../api/schema';
import { referenceSearch } from '../../components/ReferenceSelect';

type TicketOption = components['schemas']['TicketOption'];

/** The picker of a ticket, searched by its number or title among those the reader sees. */
export const TicketInput = referenceSearch<TicketOption>({ api: '/cms/ticket/options', name: (ticket) => `#${ticket.id} ${ticket.title}` });
