import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import { pick } from '../../test/pick';
import { CreateDialog } from './CreateDialog';

beforeAll(() => loadNamespaces(['stock-orders', 'resource']));
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const WAREHOUSES = [
  { id: 3, merchantId: 41, merchantEmail: 'toko@shop.test', name: 'Jakarta main', code: 'WH-41-01' },
  { id: 4, merchantId: 42, merchantEmail: 'other@shop.test', name: 'Surabaya main', code: 'WH-42-01' },
];
const SHOPS = [{ id: 9, merchantId: 41, merchantEmail: 'toko@shop.test', name: 'Toko Kopi', channel: 'SHOPEE_ID', country: 'ID' }];
const TYPES = [{ value: 'PURCHASE_INBOUND', label: 'Purchase inbound' }, { value: 'SALES_OUTBOUND', label: 'Sales outbound' }];
const PRODUCTS = [{ id: 7, merchantId: 41, sku: 'KOPI-250-41', name: 'Toraja coffee 250 g', variant: 'Ground' }];

function openDialog(refuse?: { field: string; message: string }[]) {
  const seen = fakeApi(({ url }) => {
    if (refuse && url.endsWith('stock-order/add')) return { status: 422, body: envelope({ errors: refuse }, 'VALIDATION_FAILED', 'refused') };
    if (url.includes('warehouse/options')) return { body: envelope(WAREHOUSES) };
    if (url.includes('wms-product/options')) return { body: envelope(PRODUCTS) };
    if (url.endsWith('stock-order/add')) return { body: envelope({ id: 1, orderNo: 'IB1' }) };
    if (url.includes('shop/options')) return { body: envelope(SHOPS) };
    if (url.includes('common/enums/Channel')) return { body: envelope([{ value: 'SHOPEE_ID', label: 'Shopee Indonesia' }]) };
    if (url.includes('common/enums/')) return { body: envelope(TYPES) };
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CreateDialog onClose={() => {}} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { seen, onDone };
}

describe('the create order dialog', { timeout: 120_000 }, () => {
  it('picks the warehouse by search, takes its merchant, and searches that merchant\'s SKUs', async () => {
    const { seen, onDone } = openDialog();
    await pick('Order type', 'Purchase inbound');
    await pick('Warehouse', 'Jakarta main');
    expect(await screen.findByText('Merchant: toko@shop.test')).toBeTruthy();
    const sku = screen.getByRole('combobox', { name: 'SKU 1' });
    fireEvent.mouseDown(sku);
    fireEvent.change(sku, { target: { value: 'kopi' } });
    await waitFor(() => expect(seen.some((r) => r.url.includes('wms-product/options') && r.url.includes('q=kopi'))).toBe(true));
    const asked = seen.filter((r) => r.url.includes('wms-product/options'));
    expect(asked.every((r) => r.url.includes('merchantId=41'))).toBe(true);
    fireEvent.click((await screen.findAllByText('KOPI-250-41 · Toraja coffee 250 g · Ground')).at(-1)!);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Planned 1' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'New order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = JSON.parse(seen.find((r) => r.url.endsWith('stock-order/add'))!.body!);
    expect(body).toMatchObject({ orderType: 'PURCHASE_INBOUND', warehouseId: 3, merchantId: 41, lines: [{ sku: 'KOPI-250-41', quantity: 5 }] });
  });

  it('asks an outbound order for its channel order: the store of the merchant and channel, a valid number, all or none', async () => {
    const { seen } = openDialog();
    expect(screen.queryByRole('textbox', { name: 'Channel order number' })).toBeNull();  // inbound orders fulfil none
    await pick('Order type', 'Sales outbound');
    await pick('Warehouse', 'Jakarta main');
    await pick('Channel', 'Shopee Indonesia');
    const store = screen.getByRole('combobox', { name: 'Store' });
    fireEvent.mouseDown(store);
    fireEvent.change(store, { target: { value: 'kopi' } });
    // the stores searched are the warehouse merchant's of the channel picked
    await waitFor(() => expect(seen.some((r) => r.url.includes('shop/options') && r.url.includes('q=kopi')
      && r.url.includes('merchantId=41') && r.url.includes('channel=SHOPEE_ID'))).toBe(true));
    fireEvent.click((await screen.findAllByText('Toko Kopi · Shopee Indonesia')).at(-1)!);
    fireEvent.change(screen.getByRole('textbox', { name: 'Channel order number' }), { target: { value: 'INV 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'New order' }));
    expect(await screen.findByText('Letters, digits and - _ . / only, starting with a letter or digit, at most 64 characters')).toBeTruthy();
    expect(await screen.findAllByText('A channel order needs its store, its order number and its order time')).toHaveLength(1);  // the time
    expect(seen.some((r) => r.url.endsWith('stock-order/add'))).toBe(false);
  });

  it('names every blank required field, the lines by their number', async () => {
    const { seen } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'New order' }));
    for (const field of ['Order type', 'Warehouse', 'SKU 1', 'Planned 1']) {
      expect(await screen.findByText(`${field}: this field is required`)).toBeTruthy();
    }
    expect(seen.some((r) => r.url.endsWith('stock-order/add'))).toBe(false);
  });

  it('shows every field the server refuses on that field', async () => {
    openDialog([
      { field: 'warehouseId', message: 'Warehouse: not the merchant\'s' },
      { field: 'lines[0].quantity', message: 'Planned 1: too many' },
    ]);
    await pick('Order type', 'Purchase inbound');
    await pick('Warehouse', 'Jakarta main');
    fireEvent.change(screen.getByRole('combobox', { name: 'SKU 1' }), { target: { value: 'kopi' } });
    fireEvent.click((await screen.findAllByText('KOPI-250-41 · Toraja coffee 250 g · Ground')).at(-1)!);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Planned 1' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'New order' }));
    expect(await screen.findByText('Warehouse: not the merchant\'s')).toBeTruthy();
    expect(await screen.findByText('Planned 1: too many')).toBeTruthy();
  });
});
