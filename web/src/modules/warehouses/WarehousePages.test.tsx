import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi, type SeenRequest } from '../../test/fakeApi';
import WarehousesPage from './WarehousesPage';
import LocationsPage from './LocationsPage';

beforeAll(() => loadNamespaces(['warehouses', 'resource']));
// jsdom has no ResizeObserver; the table and the selects ask for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

// a busy machine renders the table and its dialogs slowly: waits are long, never the pass condition
const SLOW = { timeout: 30_000 };
const WAREHOUSE = { id: 7, name: 'Jakarta Main', code: 'JKT-01', merchantId: 3, merchantEmail: 'seller@shop.test', provider: 'GINEE_WMS',
  type: 'OWN', usageMode: 'WMS_ONLY_USE_GINEE_WMS', owner: 'Budi', address: 'Jl. Sudirman 1', isDefault: false, enabled: true };
const SHELF = { id: 9, warehouseId: 7, warehouseName: 'Jakarta Main', areaName: 'Fashion', code: 'A-01', name: 'Rack A1', enabled: true };

function open(page: ReactElement, permissions: string[]) {
  const seen = fakeApi(({ url, method }) => {
    const address = new URL(url, 'http://console').pathname;
    if (method === 'POST' && address.endsWith('/warehouse-shelf/search')) return { body: envelope({ items: [SHELF], total: 1, page: 1, pageSize: 20 }) };
    if (method === 'POST' && address.endsWith('/search')) return { body: envelope({ items: [WAREHOUSE], total: 1, page: 1, pageSize: 20 }) };
    if (method === 'POST' && address.endsWith('/warehouse/disable')) return { body: envelope({ ...WAREHOUSE, enabled: false }) };
    return { body: envelope([]) };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/warehouse-setting']}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

const posts = (seen: SeenRequest[], path: string) =>
  seen.filter((request) => request.method === 'POST' && request.url.endsWith(path)).map((request) => JSON.parse(request.body!) as unknown);

describe('the warehouse screens', { timeout: 180_000 }, () => {
  it('disables an enabled warehouse after a confirmation, for a holder of warehouse#status', async () => {
    const seen = open(<WarehousesPage />, ['warehouse-list', 'warehouse#edit', 'warehouse#delete', 'warehouse#status']);
    await screen.findByText('Jakarta Main', {}, SLOW);
    expect(screen.queryByRole('menuitem', { name: 'Enable' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    fireEvent.click(await screen.findByText('Disable', {}, SLOW));
    await screen.findAllByText('Disable this warehouse? No stock can move into it while it is disabled.', {}, SLOW);
    fireEvent.click((await screen.findAllByRole('button', { name: 'OK' }, SLOW))[0]!);
    await waitFor(() => expect(posts(seen, '/warehouse/disable')).toEqual([{ id: 7 }]), SLOW);
  });

  it('offers neither add, export nor enable and disable to a viewer', async () => {
    open(<WarehousesPage />, ['warehouse-list']);
    await screen.findByText('Jakarta Main', {}, SLOW);
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
    expect(screen.queryByText('Disable')).toBeNull();
  });

  it('lists the product areas and, in their own tab, the shelves', async () => {
    const seen = open(<LocationsPage />, ['location-management', 'location#add']);
    await waitFor(() => expect(posts(seen, '/warehouse-area/search').length).toBeGreaterThan(0), SLOW);
    fireEvent.click(screen.getByRole('tab', { name: 'Shelves' }));
    await waitFor(() => expect(posts(seen, '/warehouse-shelf/search').length).toBeGreaterThan(0), SLOW);
    await screen.findByText('A-01', {}, SLOW);
  });
});
