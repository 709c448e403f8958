import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import { ResourcePage } from './ResourcePage';
import { defineResource } from './types';

beforeAll(() => loadNamespaces(['resource']));
// jsdom has no ResizeObserver; the table asks for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const things = defineResource<{ id: number; name: string }>({
  name: 'things', namespace: 'resource', api: 'courier', permission: 'things', columns: [{ key: 'name', title: 'name', priority: 'key' }],
});

/** The kit's list page against a server whose search answers `total` matches, counted up to its cap or not. */
function listOf(total: number, totalCapped: boolean) {
  fakeApi(({ url }) => (url.endsWith('/search')
    ? { body: envelope({ items: [{ id: 1, name: 'first thing' }], total, totalCapped, page: 1, pageSize: 20 }) }
    : { body: envelope([]) }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions: ['things'], isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/things']}><ResourcePage resource={things} /></MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the list pager (the server counts up to 10,000 matches, api/resource/query.py COUNT_CAP)', { timeout: 120_000 }, () => {
  it('shows "10,000+" when the server stopped counting at its cap', async () => {
    listOf(10_000, true);
    await screen.findByText('first thing');
    expect(await screen.findByText('10,000+ in total')).toBeTruthy();
  });

  it('shows the exact count when every match was counted', async () => {
    listOf(10_000, false);
    await screen.findByText('first thing');
    expect(await screen.findByText('10,000 in total')).toBeTruthy();
    expect(screen.queryByText('10,000+ in total')).toBeNull();
  });
});

describe('a large export (api/resource/exporting.py: past the threshold it becomes an export task)', { timeout: 120_000 }, () => {
  it('says the task started and links to the export list', async () => {
    const exported = defineResource<{ id: number; name: string }>({
      name: 'things', namespace: 'resource', api: 'courier', permission: 'things', actions: ['export'],
      columns: [{ key: 'name', title: 'name', priority: 'key' }],
    });
    const seen = fakeApi(({ url }) => {
      if (url.endsWith('/export')) return { status: 202, body: envelope({ id: 7, state: 'PROCESSING', filename: 'couriers-20261129.xlsx' }) };
      if (url.endsWith('/search')) return { body: envelope({ items: [{ id: 1, name: 'first thing' }], total: 1, page: 1, pageSize: 20 }) };
      return { body: envelope([]) };
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['session', 'user'], { permissions: ['things', 'logistics#export'], isSuper: false });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/things']}><ResourcePage resource={exported} /></MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('first thing');
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    const started = await screen.findByTestId('export-started');
    expect(started.textContent).toContain('Processing, please wait: couriers-20261129.xlsx');
    expect(within(started).getByRole('link', { name: 'Go to exports' }).getAttribute('href')).toBe('/export-tasks');
    expect(seen.some((request) => request.url.endsWith('/courier/export'))).toBe(true);
  });
});
