import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { envelope, fakeApi } from '../test/fakeApi';
import { pick } from '../test/pick';
import { isReference, type ReferenceInput } from './ReferenceSelect';
import { ShelfInput } from '../modules/warehouses/WarehouseInput';
import { OrderMerchantInput } from '../modules/orders/OrderMerchantInput';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const SHELVES: Record<string, object[]> = {
  '3': [{ id: 31, warehouseId: 3, code: 'A-01', name: null, enabled: true }],
  '4': [{ id: 41, warehouseId: 4, code: 'B-01', name: 'Back', enabled: true }],
};

/** A form holding a hidden `parent` field and the picker as `name`; returns the form once drawn. */
function renderPicker(parent: string, name: string, Picker: ReferenceInput, label: string): () => FormInstance {
  let form: FormInstance | undefined;
  function Host() {
    const [own] = Form.useForm();
    form = own;
    return (
      <Form form={own}>
        <Form.Item name={parent} hidden><input /></Form.Item>
        <Form.Item name={name}><Picker column={{ key: name, title: label }} label={label} /></Form.Item>
      </Form>
    );
  }
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><Host /></QueryClientProvider>);
  return () => form!;
}

describe('a dependent picker (a shelf of the picked warehouse)', () => {
  it('waits for its parent, offers only what fits it, and is cleared when the parent changes', { timeout: 60_000 }, async () => {
    const seen = fakeApi((request) => {
      const url = new URL(request.url, 'http://console');
      return { body: envelope(SHELVES[url.searchParams.get('warehouseId') ?? ''] ?? []) };
    });
    const form = renderPicker('warehouseId', 'shelfId', ShelfInput, 'Shelf');
    expect(isReference(ShelfInput)).toBe(true);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Shelf' }).closest('.ant-select-disabled')).toBeTruthy());
    act(() => form().setFieldsValue({ warehouseId: 3 }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Shelf' }).closest('.ant-select-disabled')).toBeNull());
    await pick('Shelf', 'A-01');
    await waitFor(() => expect(form().getFieldValue('shelfId')).toBe(31));
    expect(seen.every((request) => new URL(request.url, 'http://console').searchParams.get('warehouseId') === '3')).toBe(true);
    act(() => form().setFieldsValue({ warehouseId: 4 }));
    await waitFor(() => expect(form().getFieldValue('shelfId')).toBeNull()); // a shelf of the other warehouse is stale
    await waitFor(() => expect(seen.some((request) => request.url.includes('warehouseId=4'))).toBe(true));
  });
});

describe('a narrowed picker (merchants with a shop of the channels the order list is filtered by)', () => {
  it('sends the narrowing fields along while they are filled, and keeps what was picked', { timeout: 60_000 }, async () => {
    const MERCHANTS = [{ id: 7, email: 'toko@lima.test', country: 'ID' }, { id: 8, email: 'kedai@lima.test', country: 'MY' }];
    const seen = fakeApi((request) => {
      const channels = new URL(request.url, 'http://console').searchParams.getAll('channel');
      return { body: envelope(channels.length ? MERCHANTS.slice(0, 1) : MERCHANTS) };
    });
    const form = renderPicker('channel', 'merchantId', OrderMerchantInput, 'Merchant');
    act(() => form().setFieldsValue({ channel: ['SHOPEE', 'LAZADA'] }));
    await pick('Merchant', 'toko@lima.test · ID');
    await waitFor(() => expect(form().getFieldValue('merchantId')).toBe(7));
    const searched = seen.map((request) => new URL(request.url, 'http://console')).filter((url) => !url.searchParams.has('ids'));
    expect(searched.at(-1)?.searchParams.getAll('channel')).toEqual(['SHOPEE', 'LAZADA']); // asked again once filled
    act(() => form().setFieldsValue({ channel: undefined }));
    await waitFor(() => expect(seen.some((request) => request.url.includes('merchant/options') && !request.url.includes('channel'))).toBe(true));
    expect(form().getFieldValue('merchantId')).toBe(7); // narrowing is no parent: a wider list keeps the pick
  });
});
