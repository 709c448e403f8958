import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { envelope, fakeApi } from '../../test/fakeApi';
import { TicketSlot } from './TicketSlot';

afterEach(() => vi.unstubAllGlobals());

function showFor(permissions: string[]) {
  const seen = fakeApi(({ url }) => ({ body: envelope(url.endsWith('notification/unread-count') ? { unread: 3 } : null) }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TicketSlot />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

describe('the navbar ticket dropdown (SPEC §2)', () => {
  it('is offered to a holder of a ticket permission, with the unread notifications as a badge', async () => {
    showFor(['ticket-user-list']);
    expect(screen.getByRole('button', { name: 'Tickets' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-badge sup')?.textContent).toContain('3'));
  });

  it('is not there, and asks nothing, for a user without one', () => {
    const seen = showFor(['logistics-configuration']);
    expect(screen.queryByRole('button', { name: 'Tickets' })).toBeNull();
    expect(seen).toEqual([]);
  });
});
