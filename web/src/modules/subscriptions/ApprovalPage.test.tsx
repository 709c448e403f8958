import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import ApprovalPage from './ApprovalPage';
import { testRequest } from './testRequest';

beforeAll(() => loadNamespaces(['subscriptions', 'resource']));
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const later = new Date(Date.now() + 86_400_000).toISOString();

function openPage(detail: object) {
  let current = detail;
  const seen = fakeApi(({ url }) => {
    if (url.endsWith('subscription/detail/41')) return { body: envelope(current) };
    if (url.endsWith('subscription/41/retry')) {
      current = { ...detail, state: 'APPLIED', canRetry: false, subscriptionId: 7 };
      return { body: envelope(current) };
    }
    if (url.endsWith('subscription/41/refuse')) return { body: envelope({ ...detail, state: 'REFUSED', canDecide: false, reason: 'No payment' }) };
    if (url.includes('common/enums/')) return { body: envelope([]) };
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/approval/41']}>
        <Routes><Route path="/approval/:id" element={<ApprovalPage />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

// Several antd form steps under jsdom take tens of seconds on a loaded machine: the limit is there to stop a hang.
describe('the approval page', { timeout: 180_000 }, () => {
  it('offers approve and refuse to another approver, and refuses with the reason given', async () => {
    const seen = openPage(testRequest('AWAITING_APPROVAL', { canDecide: true, deadlineAt: later, workflowUrl: '/temporal/namespaces/default/workflows/x' }));
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByText('Open in Temporal Web UI').getAttribute('href')).toBe('/temporal/namespaces/default/workflows/x');
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'No payment' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Refuse' }).at(-1)!);
    await waitFor(() => expect(seen.some((r) => r.url.endsWith('subscription/41/refuse'))).toBe(true));
    expect(JSON.parse(seen.find((r) => r.url.endsWith('/refuse'))!.body!)).toEqual({ reason: 'No payment' });
  });

  it('offers no decision to the requester', async () => {
    openPage(testRequest('AWAITING_APPROVAL', { canDecide: false }));
    expect(await screen.findByText('Subscription request #41')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers a failed request to be retried, then shows it applied', async () => {
    const seen = openPage(testRequest('FAILED', { canRetry: true, reason: 'DATA_REFUSED' }));
    expect(await screen.findByText(/approved but could not be applied/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(seen.some((r) => r.url.endsWith('subscription/41/retry') && r.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
  });

  it('offers no retry without the permission or on a request that runs', async () => {
    openPage(testRequest('FAILED', { canRetry: false }));
    expect(await screen.findByText('Subscription request #41')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
