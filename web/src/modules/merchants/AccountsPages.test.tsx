import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi, type SeenRequest } from '../../test/fakeApi';
import AllAccountsPage from './AllAccountsPage';
import SpecificAccountsPage from './SpecificAccountsPage';

beforeAll(() => loadNamespaces(['merchants', 'resource', 'users']));
// jsdom has no ResizeObserver; the table and the selects ask for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const ROW = { id: 5, email: 'seller@shop.test', phone: '+6281234567890', country: 'ID', tags: [], shopCount: 2, orderUsage: 1, orderLimit: 10 };

function openList(page: ReactElement, path: string, permissions: string[]) {
  const seen = fakeApi(({ url, method }) => {
    const address = new URL(url, 'http://console').pathname;
    if (method === 'POST' && address.endsWith('/search')) return { body: envelope({ items: [ROW], total: 1, page: 1, pageSize: 20 }) };
    return { body: envelope([]) };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

const searches = (seen: SeenRequest[]) =>
  seen.filter((request) => request.url.endsWith('/search')).map((request) => JSON.parse(request.body!) as Record<string, unknown>);

describe('the merchant lists', { timeout: 180_000 }, () => {
  it('searches by the shop-count range and tags the address holds, and offers export and edit by permission', async () => {
    const seen = openList(<AllAccountsPage />, '/accounts?shopCount=1&shopCount=5&tags=vip', [
      'ginee-account', 'account#export', 'account#edit']);
    await waitFor(() => expect(searches(seen).length).toBeGreaterThan(0));
    expect(searches(seen).at(-1)).toMatchObject({ shopCount: ['1', '5'], tags: ['vip'] });
    await screen.findByText('seller@shop.test');
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Edit/ }).length).toBeGreaterThan(0);
  });

  it('filters by registration date and order usage ranges (SPEC §3 merchant fields), from the address and the form', async () => {
    const [since, until] = ['2026-10-01T00:00:00.000Z', '2026-10-31T23:59:59.000Z'];
    const seen = openList(<AllAccountsPage />, `/accounts?registeredAt=${since}&registeredAt=${until}&orderUsage=100&orderUsage=1000`, ['ginee-account']);
    await waitFor(() => expect(searches(seen).length).toBeGreaterThan(0));
    expect(searches(seen).at(-1)).toMatchObject({ registeredAt: [since, until], orderUsage: ['100', '1000'] });
    await screen.findByText('seller@shop.test');
    expect(screen.getByLabelText('Orders used / limit ≥')).toBeTruthy();
    expect(screen.getByLabelText('Orders used / limit ≤')).toBeTruthy();
  });

  it('offers neither export nor edit to a viewer', async () => {
    openList(<AllAccountsPage />, '/accounts', ['ginee-account']);
    await screen.findByText('seller@shop.test');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('asks the specific list for a named merchant before any search', async () => {
    const seen = openList(<SpecificAccountsPage />, '/specific', ['ginee-specific-accounts']);
    expect(await screen.findByText(/Enter an email \(at least 3 letters\)/)).toBeTruthy();
    expect(searches(seen)).toHaveLength(0);
  });
});
