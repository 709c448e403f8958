import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { loadNamespaces } from '../../../i18n';
import { envelope, fakeApi } from '../../../test/fakeApi';
import TicketDetailPage from './TicketDetailPage';

beforeAll(() => loadNamespaces(['tickets']));

// jsdom has no ResizeObserver; the upload list of the comment box asks for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const now = new Date().toISOString();
const later = new Date(Date.now() + 3_600_000).toISOString();

function ticket(overrides: Record<string, unknown> = {}) {
  return {
    id: 7, title: 'Orders not syncing', level: 'P2', issueLevel: 'SUBSTANTIAL', status: 'NEW', state: 'NEW', mergedIntoId: null,
    category: 'ERP', application: 'OMS', issueType: 'ORDER_SYNC', tags: [], accountId: null, accountEmail: null, project: null,
    description: 'Since 9:00', solution: null, submitter: null, assignee: null, pic: null, rd: null, closedBy: null,
    createdAt: now, updatedAt: now, lastReplyAt: null, closedAt: null, estimatedAt: null,
    sla: {
      startedAt: now, inWorkTime: true, firstResponseDue: later, resolveDue: later, firstResponseAt: null, firstResponseMinutes: null,
      resolvedAt: null, resolvedInMinutes: null, firstResponseBreached: false, resolveBreached: false, breached: false, qualified: true,
      firstResponseRemainingMinutes: 60, resolveRemainingMinutes: 60, elapsed: { value: 0, unit: 'minutes', text: '0 minutes' },
    },
    watchers: [], watching: false, comments: [], attachments: [], history: [],
    allowedActions: ['CLAIM', 'WONT_FIX', 'COMMENT', 'WATCH'], mergedFrom: [], mergedInto: null, flowPending: false, workflowId: 'ticket-7',
    workflowUrl: '/temporal/namespaces/default/workflows/ticket-7',
    ...overrides,
  };
}

/** The page at `path`, for a user holding `permissions`, against a server that has `detail`. */
function openPage(path: string, detail: object, permissions: string[]) {
  const seen = fakeApi(({ url }) => {
    if (url.includes('ticket/detail/')) return { body: envelope(detail) };
    if (url.includes('common/enums/')) return { body: envelope([{ value: 'NEW', label: 'New' }]) };
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/ticket/:id" element={<TicketDetailPage />} />
          <Route path="/ticket/detail/:date/:id" element={<TicketDetailPage />} />
          <Route path="/ticket/saas-detail/:date/:id/:accountId" element={<TicketDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

describe('the ticket detail screen', () => {
  it('reads the ticket id from each of its routes', async () => {
    const seen = openPage('/ticket/saas-detail/2026-01-01/7/merchant-1', ticket(), []);
    await screen.findByText('#7 Orders not syncing');
    expect(seen[0]!.url).toBe('/cms/ticket/detail/7');
  });

  it('offers a button only when the server allows the action and the user holds it', async () => {
    openPage('/ticket/detail/2026-01-01/7', ticket(), ['ticket#claim', 'ticket#approve', 'ticket#comment']);
    await screen.findByRole('button', { name: 'Claim' });
    expect(screen.queryByRole('button', { name: "Won't fix" })).toBeNull(); // allowed, not held
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull(); // held, not allowed
    expect(screen.queryByRole('button', { name: 'Watch' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add comment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open in Temporal Web UI/ }).getAttribute('href')).toBe(
      '/temporal/namespaces/default/workflows/ticket-7',
    );
  });

  it('links the flow only when the server gives its address (to operators)', async () => {
    openPage('/ticket/7', ticket({ workflowUrl: null }), ['ticket#claim']);
    await screen.findByRole('button', { name: 'Claim' });
    expect(screen.queryByRole('link', { name: /Open in Temporal Web UI/ })).toBeNull();
  });

  it('says the flow is starting and offers nothing while it does', async () => {
    openPage('/ticket/7', ticket({ flowPending: true }), ['ticket#claim', 'ticket#comment', 'ticket#watch']);
    await screen.findByText(/The ticket's flow is starting/);
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Watch' })).toBeNull();
  });

  it('shows a ticket id that is not a number as not found, without asking the server', async () => {
    const seen = openPage('/ticket/abc', ticket(), []);
    await screen.findByText('This ticket does not exist or you may not see it');
    expect(seen.filter((request) => request.url.includes('ticket/detail'))).toHaveLength(0);
  });
});
