import type { TicketScope } from '../api';

export interface TicketListKind {
  /** Key of the user's saved columns, and of the page's test ids. */
  name: string;
  /** The scope tabs, the first one shown by default. */
  scopes: readonly TicketScope[];
}

/**
 * The two ticket screens share one list. `ticket-list` sees every ticket; "my tickets"
 * (`ticket-user-list`) keeps to what the caller submitted, is assigned or watches, as the server does
 * for holders of that menu only.
 */
export const TICKET_LISTS = {
  all: { name: 'tickets', scopes: ['ALL', 'MINE', 'ASSIGNED', 'WATCHED'] },
  mine: { name: 'my-tickets', scopes: ['MINE', 'ASSIGNED', 'WATCHED'] },
} as const satisfies Record<string, TicketListKind>;
