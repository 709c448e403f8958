import { api, type Body, type Data } from '../../api/client';
import { MAX_TIMEOUT_MS } from '../../api/http';
import type { components } from '../../api/schema';

export type TicketRow = components['schemas']['TicketListItem'];
export type TicketPage = Data<'/cms/ticket/search', 'post'>;
export type TicketScope = components['schemas']['TicketScope'];
export type NewTicket = components['schemas']['TicketCreate'];
export type TicketCreated = Data<'/cms/ticket/add', 'post'>;

/** The list's filters as the screen builds them from the address (checked by the server). */
type Filters = Body<'/cms/ticket/search', 'post'>;

/** The ticket calls of the list and new-ticket screens (api/routers/tickets.py). */
export const ticketApi = {
  search: (body: Record<string, unknown>, signal?: AbortSignal) => api.post('/cms/ticket/search', { body: body as Filters, signal }),
  /** Field errors come back to the form, so a refusal does not notify by itself. */
  add: (body: NewTicket, idempotencyKey?: string) => api.post('/cms/ticket/add', { body, notify: false, idempotencyKey }),
  /** Every match of the filters as the server's xlsx, in the user's language. */
  exportFile: (body: Record<string, unknown>) => api.download('/cms/ticket/export', { body: body as Filters, timeoutMs: MAX_TIMEOUT_MS }),
};

/** The ticket list of one merchant account (the list's account filter). */
export const accountTicketsPath = (accountId: string) => `/system/ticket/list?accountId=${encodeURIComponent(accountId)}`;

/** Where a ticket opens (the detail screen, `ticket-view`). */
export const ticketPath = (id: number) => `/ticket/${id}`;

/** SPEC §4: issue levels low, moderate, substantial, severe, critical map to P4 to P0. */
export const ISSUE_LEVEL_CODES = {
  LOW: 'P4',
  MODERATE: 'P3',
  SUBSTANTIAL: 'P2',
  SEVERE: 'P1',
  CRITICAL: 'P0',
} as const satisfies Record<NewTicket['issueLevel'], TicketRow['level']>;
