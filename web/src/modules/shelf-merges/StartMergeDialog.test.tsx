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

function openDialog(addReply: () => { status?: number; body: unknown }) {
  const seen = fakeApi(({ url }) => {
    if (url.endsWith('shelf-merge/warehouses')) return { body: envelope([{ id: 3, code: 'JKT', name: 'Jakarta DC' }]) };
    if (url.endsWith('shelf-merge/shelves/3')) return { body: envelope(SHELVES) };
    if (url.includes('warehouse-shelf/options') && url.includes('warehouseId=3')) {
      return { body: envelope(SHELVES.map(({ id, code, name, enabled }) => ({ id, code, name, enabled, warehouseId: 3 }))) };
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
    await pick('Source shelves', 'A-01');
    await pick('Source shelves', 'A-02');
    await pick('Target shelf', 'B-01 · Bulk');
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
});
