import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import { pick } from '../../test/pick';
import { StartMergeDialog } from './StartMergeDialog';

beforeAll(() => loadNamespaces(['shelf-merges', 'resource']));
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const SHELVES = [
  { id: 11, code: 'A-01', name: null, enabled: true, skus: 3, quantity: 12 },
  { id: 12, code: 'A-02', name: null, enabled: true, skus: 1, quantity: 4 },
  { id: 13, code: 'B-01', name: 'Bulk', enabled: true, skus: 0, quantity: 0 },
];

// the warehouse's recent merges moved 40 SKUs in 3 min 30 s: 11.4 a minute, 5.25 s a SKU
const RECENT = { itemsPerMinute: 11.4, items: 40, seconds: 210, basis: 'recent' };

function openDialog(addReply: () => { status?: number; body: unknown }, throughput: unknown = null) {
  const seen = fakeApi(({ url }) => {
    if (url.endsWith('shelf-merge/warehouses')) return { body: envelope([{ id: 3, code: 'JKT', name: 'Jakarta DC' }]) };
    if (url.endsWith('shelf-merge/throughput/3')) return { body: envelope(throughput) };
    if (url.endsWith('shelf-merge/shelves/3')) return { body: envelope(SHELVES) };
    if (url.includes('warehouse-shelf/options') && url.includes('warehouseId=3')) {
      return { body: envelope(SHELVES.map(({ id, code, name, enabled, skus }) => ({ id, code, name, enabled, skus, warehouseId: 3 }))) };
    }
    if (url.endsWith('shelf-merge/add')) return addReply();
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/warehouse-setting/location-management']}>
        <Routes>
          <Route path="/warehouse-setting/location-management" element={<StartMergeDialog open onClose={() => {}} />} />
          <Route path="/warehouse-setting/location-management/shelf-merge/:id" element={<p>merge page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

describe('starting a shelf merge', { timeout: 120_000 }, () => {
  it('picks a warehouse, its source shelves and a target with the kit\'s pickers, then opens the new merge', async () => {
    const seen = openDialog(() => ({ body: envelope({ id: 9 }) }));
    await pick('Warehouse', 'JKT Jakarta DC');
    await pick('Source shelves', 'A-01 (3 SKUs)');  // each shelf with the SKUs on it, as its options count them
    await pick('Source shelves', 'A-02 (1 SKU)');
    await pick('Target shelf', 'B-01 · Bulk (0 SKUs)');
    fireEvent.click(screen.getByRole('button', { name: 'Start merge' }));
    expect(await screen.findByText('merge page')).toBeTruthy();
    const body = JSON.parse(seen.find((r) => r.url.endsWith('shelf-merge/add'))!.body!);
    expect(body).toEqual({ warehouseId: 3, sourceShelfIds: [11, 12], targetShelfId: 13 });
  });

  it('shows the server refusal on the field it names', async () => {
    openDialog(() => ({ status: 409, body: envelope({ field: 'sourceShelfIds' }, 'SHELF_MERGE_SHELF_BUSY',
      'Shelves A-01 are already being merged (merge #4); wait until it ends') }));
    await pick('Warehouse', 'JKT Jakarta DC');
    await pick('Source shelves', 'A-01');
    await pick('Target shelf', 'B-01 · Bulk');
    fireEvent.click(screen.getByRole('button', { name: 'Start merge' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText(/already being merged \(merge #4\)/)).toBeTruthy());
  });

  it('says how long the merge will take: the SKUs of the picked shelves at the warehouse\'s measured rate', async () => {
    openDialog(() => ({ body: envelope({ id: 9 }) }), RECENT);
    await pick('Warehouse', 'JKT Jakarta DC');
    await pick('Source shelves', 'A-01');
    await pick('Source shelves', 'A-02');
    // 4 SKUs x 210 s / 40 SKUs = 21 s (the server's rule for a running merge's time left, domain/rules/shelf_merges.py)
    await waitFor(() => expect(screen.getByTestId('merge-estimate').textContent).toBe(
      "This warehouse's recent merges moved 11.4 SKUs a minute: these 4 SKUs should take about 21 sec."));
  });

  it('says the time is not known before any merge of the warehouse finished', async () => {
    openDialog(() => ({ body: envelope({ id: 9 }) }));
    await pick('Warehouse', 'JKT Jakarta DC');
    expect((await screen.findByTestId('merge-estimate')).textContent).toMatch(/not known in advance/);
  });
});
