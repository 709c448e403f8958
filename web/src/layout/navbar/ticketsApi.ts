import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type TicketNavbar = components['schemas']['TicketNavbar'];
export type NavbarGroup = TicketNavbar['group'];
export type Notice = components['schemas']['NotificationPublic'];

/** Whoever holds one of these sees the ticket dropdown (docs/tickets.md permissions). */
export const TICKET_PERMISSIONS = ['ticket-list', 'ticket-user-list', 'ticket-new', 'ticket-report'] as const;

/** A modest refresh: the dropdown is a glance, not a live feed. */
export const REFRESH_MS = 60_000;
export const NOTICES_SHOWN = 10;

/** Background refreshes stay quiet: a failed poll must not pop an error notification every minute. */
export const unreadQuery = {
  queryKey: ['notification', 'unread'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.get('/cms/notification/unread-count', { signal, notify: false }),
  refetchInterval: REFRESH_MS,
};

export const ticketsApi = {
  navbar: (group: NavbarGroup, signal?: AbortSignal) => api.get('/cms/ticket/navbar', { params: { query: { group } }, signal, notify: false }),
  notices: (signal?: AbortSignal) => api.post('/cms/notification/search', { body: { page: 1, pageSize: NOTICES_SHOWN }, signal, notify: false }),
  /** No ids: every notification of the caller. */
  markRead: (ids: number[] = []) => api.post('/cms/notification/read', { body: { ids } }),
};
