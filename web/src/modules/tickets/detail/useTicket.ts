import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/ApiError';
import { ticketDetailApi, type ActionBody } from './api';
import type { ActionSpec } from './actions';

export const ticketKey = (id: number) => ['ticket', 'detail', id] as const;

/** The ticket as the server has it; asked again every 2 s while its flow is still starting. */
export function useTicket(id: number) {
  return useQuery({
    queryKey: ticketKey(id),
    queryFn: ({ signal }) => ticketDetailApi.detail(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (query.state.data?.flowPending ? 2000 : false),
  });
}

/**
 * Sends one action. The reply is the new ticket; a refusal (409: someone changed the ticket
 * meanwhile) has shown the server's message, and the ticket is read again so the page tells the truth.
 */
export function useTicketAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ spec, body, quiet }: { spec: ActionSpec; body?: ActionBody; quiet?: boolean }) =>
      ticketDetailApi.act(id, spec.path, body, !quiet),
    onSuccess: (ticket) => {
      client.setQueryData(ticketKey(id), ticket);
      // the lists kept in other tabs and the navbar's ticket dropdown show the new status when shown again
      void client.invalidateQueries({ queryKey: ['ticket', 'search'] });
      void client.invalidateQueries({ queryKey: ['ticket', 'navbar'] });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void client.invalidateQueries({ queryKey: ticketKey(id) });
    },
  });
}

/** The current time (epoch ms), renewed every `ms`: what makes the SLA clocks tick. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
