import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import AuditLogPage from './AuditLogPage';

beforeAll(() => loadNamespaces(['audit', 'resource']));

// jsdom has no ResizeObserver; the table and the select's tags ask for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const ANA = { id: 7, username: 'ana', displayName: 'Ana Putri' };
const BUDI = { id: 9, username: 'budi', displayName: 'Budi Santoso' };

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

/** The audit screen at `path`, against a server that knows two users and has no log rows. */
function openPage(path: string) {
  const seen = fakeApi(({ url }) => {
    const address = new URL(url, 'http://console');
    if (address.pathname.endsWith('/audit/search')) return { body: envelope({ items: [], total: 0, page: 1, pageSize: 20 }) };
    if (address.pathname.endsWith('/user/options')) {
      const ids = address.searchParams.getAll('ids').map(Number);
      const keyword = address.searchParams.get('keyword') ?? '';
      const users = ids.length ? [ANA, BUDI].filter((user) => ids.includes(user.id)) : [ANA, BUDI].filter((user) => user.displayName.toLowerCase().includes(keyword.toLowerCase()));
      return { body: envelope(users) };
    }
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions: [], isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/audit" element={<><AuditLogPage /><Address /></>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

const searches = (seen: { url: string; body: string | null }[]) =>
  seen.filter((request) => request.url.endsWith('/audit/search')).map((request) => JSON.parse(request.body!) as Record<string, unknown>);

describe('the audit log search form', () => {
  it('names the operator the address holds and searches by that user', async () => {
    const seen = openPage('/audit?audit.operatorId=7');
    await screen.findByText('Ana Putri (ana)');
    expect(screen.getByRole('combobox', { name: 'Operator' })).toBeTruthy();
    await waitFor(() => expect(searches(seen).map((body) => Number(body.operatorId))).toContain(7));
  });

  it('picks the operator from the users searched by name, and keeps the pick in the address', async () => {
    const seen = openPage('/audit');
    const operator = screen.getByRole('combobox', { name: 'Operator' });
    fireEvent.mouseDown(operator);
    fireEvent.change(operator, { target: { value: 'budi' } });
    await waitFor(() => expect(seen.some((request) => request.url.includes('/user/options?keyword=budi'))).toBe(true));
    fireEvent.click(await screen.findByText('Budi Santoso (budi)'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URLSearchParams(screen.getByTestId('address').textContent).get('audit.operatorId')).toBe('9'));
    await waitFor(() => expect(searches(seen).at(-1)?.operatorId).toBeDefined());
    expect(Number(searches(seen).at(-1)!.operatorId)).toBe(9);
  });

  it("shows an older link's free-text operator in a field of its own, which clearing drops from the search", async () => {
    const seen = openPage('/audit?audit.operator=ana');
    const legacy = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Operator name contains' });
    expect(legacy.value).toBe('ana');
    await waitFor(() => expect(searches(seen).at(-1)?.operator).toBe('ana'));
    fireEvent.change(legacy, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URLSearchParams(screen.getByTestId('address').textContent).has('audit.operator')).toBe(false));
    await waitFor(() => expect(searches(seen).at(-1)).not.toHaveProperty('operator'));
    expect(screen.queryByRole('textbox', { name: 'Operator name contains' })).toBeNull();
  });
});
