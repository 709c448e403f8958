import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { envelope, fakeApi } from '../../../test/fakeApi';
import { ACTIONS } from './actions';
import { useTicket, useTicketAction } from './useTicket';

const claim = ACTIONS.find((spec) => spec.action === 'CLAIM')!;

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function useDetailAndAction(id: number) {
  return { ticket: useTicket(id), action: useTicketAction(id) };
}

describe('a ticket action', () => {
  it('takes the reply as the new ticket', async () => {
    const seen = fakeApi(({ method }) =>
      method === 'GET' ? { body: envelope({ id: 7, status: 'NEW' }) } : { body: envelope({ id: 7, status: 'PENDING_FOR_OPERATION' }) },
    );
    const { result } = renderHook(() => useDetailAndAction(7), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.ticket.data).toMatchObject({ status: 'NEW' }));
    await act(() => result.current.action.mutateAsync({ spec: claim, body: {} }));
    await waitFor(() => expect(result.current.ticket.data).toMatchObject({ status: 'PENDING_FOR_OPERATION' }));
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /cms/ticket/detail/7', 'POST /cms/ticket/7/claim']);
  });

  it('refused because the ticket changed meanwhile (409), reads the ticket again', async () => {
    let status = 'NEW';
    const seen = fakeApi(({ method }) => {
      if (method === 'GET') return { body: envelope({ id: 7, status }) };
      status = 'PENDING';
      return { status: 409, body: envelope(null, 'TICKET_ILLEGAL_TRANSITION', 'A ticket that is "Pending" cannot take the action "Claim"') };
    });
    const { result } = renderHook(() => useDetailAndAction(7), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.ticket.data).toMatchObject({ status: 'NEW' }));
    await act(() => expect(result.current.action.mutateAsync({ spec: claim, body: {} })).rejects.toThrow('cannot take the action'));
    await waitFor(() => expect(result.current.ticket.data).toMatchObject({ status: 'PENDING' }));
    expect(seen.filter((request) => request.method === 'GET')).toHaveLength(2);
  });

  it('asks nothing for a ticket id that is not a number', () => {
    const seen = fakeApi(() => ({ body: envelope(null) }));
    const { result } = renderHook(() => useTicket(Number.NaN), { wrapper: wrapper() });
    expect(result.current.fetchStatus).toBe('idle');
    expect(seen).toHaveLength(0);
  });
});
