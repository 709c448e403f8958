import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi, type SeenRequest } from '../../test/fakeApi';
import { SyncStockDialog } from './SyncStockDialog';
import { pick } from '../../test/pick';

beforeAll(() => loadNamespaces(['stock-sync', 'resource']));

// jsdom has no ResizeObserver; the selects ask for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const FLOW = '/temporal/namespaces/default/workflows/stock-sync-41';
const STORE = { id: 1, merchantId: 7, shopId: 5, shopName: 'Toko Lima', channel: 'LAZADA_ID', country: 'ID', warehouseId: 3 };
const ENUMS: Record<string, object[]> = {
  Country: [{ value: 'ID', label: 'Indonesia' }, { value: 'PH', label: 'Philippines' }],
  Channel: [{ value: 'SHOPEE_ID', label: 'Shopee' }, { value: 'LAZADA_ID', label: 'Lazada' }],
};

function openDialog(sync: (request: SeenRequest) => { status?: number; body: unknown }) {
  const seen = fakeApi((request) => {
    if (request.url.includes('common/enums/')) return { body: envelope(ENUMS[request.url.split('/').pop()!] ?? []) };
    if (request.url.includes('merchant/options')) return { body: envelope([{ id: 7, email: 'toko@lima.test', country: 'ID' }]) };
    if (request.url.endsWith('stock-sync/binding/search')) return { body: envelope({ items: [STORE], total: 1, page: 1, pageSize: 500 }) };
    if (request.url.endsWith('stock-sync/sync')) return sync(request);
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SyncStockDialog onClose={() => {}} done={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

async function fill() {
  await pick('Merchant', 'toko@lima.test'); // the merchant is picked by its email
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Store' }));
  fireEvent.click(await screen.findByText('Toko Lima (Lazada)'));
  // the store's country and channel are filled in from the store picked
  await screen.findByText('Lazada');
  fireEvent.click(screen.getByRole('button', { name: 'Sync' }));
}

const started = { event: { id: 41, kind: 'SYNC', result: 'PROCESSING', skuCount: 0 }, workflowId: 'stock-sync-41', workflowUrl: FLOW };

describe('the sync stock dialog', { timeout: 120_000 }, () => {
  it('asks for merchant, store, country and channel before calling the server (SPEC §5)', async () => {
    const seen = openDialog(() => ({ body: envelope(started) }));
    fireEvent.click(screen.getByRole('button', { name: 'Sync' }));
    for (const field of ['Merchant', 'Store', 'Country', 'Channel']) {
      expect(await screen.findByText(`${field} is required`)).toBeTruthy();
    }
    expect(seen.some((r) => r.url.endsWith('stock-sync/sync'))).toBe(false);
  });

  it('sends the store picked with its country and channel, and links the flow in Temporal', async () => {
    const seen = openDialog(() => ({ body: envelope(started) }));
    await fill();
    expect(await screen.findByTestId('stock-sync-started')).toBeTruthy();
    expect(screen.getByTestId('stock-sync-flow-link').getAttribute('href')).toBe(FLOW);
    const body = JSON.parse(seen.find((r) => r.url.endsWith('stock-sync/sync'))!.body!) as Record<string, unknown>;
    expect(body).toEqual({ merchantId: 7, shopId: 5, country: 'ID', channel: 'LAZADA_ID' });
  });

  it('shows a refusal of the server under the field it names', async () => {
    const message = 'Channel: the store is on channel SHOPEE_ID';
    openDialog(() => ({ status: 422, body: envelope({ errors: [{ field: 'channel', rule: 'stock_store_channel', message }] }, 'VALIDATION_FAILED', message) }));
    await fill();
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    expect(screen.queryByTestId('stock-sync-started')).toBeNull();
  });
});
