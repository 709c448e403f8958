import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi, type SeenRequest } from '../../test/fakeApi';
import PackageFormPage from './PackageFormPage';
import { BASE } from './paths';

beforeAll(() => loadNamespaces(['packages', 'resource']));
// jsdom has no ResizeObserver; the selects and the tree ask for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const ADDON = {
  id: 8, kind: 'ERP', name: 'Oms Open Api', country: 'ID', scene: 'ERP', packageType: 'ADDON', addonMode: 'CONTINUE',
  addonType: 'OMS_OPEN_API', planName: null, status: 'DISABLED', version: 1, versionId: 80, displayName: 'Open API',
  subscriptionMethod: 'OFFLINE', paymentPeriod: 'YEAR', priority: 0, currency: 'IDR', amount: '2000000', taxRate: '11',
  tax: '220000', discountPercentage: '0', discountedPrice: '0', totalPrice: '2220000', actualPayment: '2220000',
  monthlyAmount: null, dailyAmount: null, freeDays: 0, monthlyOrders: 1, dailyOrders: 0, reminderOrders: null,
  interceptedOrders: null, effectAfterInterception: null, channels: [], storeCount: -1, subAccountCount: -1,
  mskuCount: -1, pricingCopy: null, featureKeys: [], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
};
const OPTIONS: Record<string, string[]> = { PackageType: ['BASIC', 'ADDON'], AddonType: ['OMS_OPEN_API', 'ADVANCED_WMS'] };

function openForm(path: string, reply: (request: SeenRequest) => { status?: number; body?: unknown } | undefined = () => undefined) {
  const seen = fakeApi((request) => {
    const answer = reply(request);
    if (answer) return answer;
    const address = new URL(request.url, 'http://console').pathname;
    if (address.endsWith('/package/detail/8')) return { body: envelope(ADDON) };
    const name = address.match(/common\/enums\/(\w+)$/)?.[1];
    if (name) return { body: envelope((OPTIONS[name] ?? []).map((value) => ({ value, label: value }))) };
    return { body: envelope([]) };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions: ['erp-package', 'package#add', 'package#edit'], isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={`${BASE}/erp/package-permission/create/:count`} element={<PackageFormPage />} />
          <Route path={`${BASE}/erp/package-permission/edit/:id`} element={<PackageFormPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

const saves = (seen: SeenRequest[]) => seen.filter((request) => request.method === 'POST');

describe('the package form', { timeout: 180_000 }, () => {
  it('refuses an empty form on its required fields and sends nothing', async () => {
    const seen = openForm(`${BASE}/erp/package-permission/create/1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    // name, display name, the country and amount of the one price block: each message names its field
    for (const field of ['Package name', 'Display name', 'Applicable country', 'Amount excluding tax']) {
      expect(await screen.findByText(`${field}: this field is required`)).toBeTruthy();
    }
    expect(saves(seen)).toHaveLength(0);
  });

  it('holds free days within 0..365 (SPEC §5)', async () => {
    openForm(`${BASE}/erp/package-permission/create/1`);
    fireEvent.change(await screen.findByLabelText('Free days'), { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be between 0 and 365')).toBeTruthy();
  });

  it('asks a new add-on for its type', async () => {
    openForm(`${BASE}/erp/package-permission/create/1`);
    expect(screen.queryByLabelText('Add-on type')).toBeNull();
    fireEvent.mouseDown(await screen.findByLabelText('Package type'));
    fireEvent.click(await screen.findByTitle('ADDON'));
    const type = await screen.findByLabelText('Add-on type');
    expect((type as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add-on type: this field is required')).toBeTruthy();
  });

  it('keeps the name and the add-on type of an existing package, and shows a server refusal on its field', async () => {
    const seen = openForm(`${BASE}/erp/package-permission/edit/8`, ({ url }) =>
      url.endsWith('/package/modify')
        ? { status: 422, body: envelope({ errors: [{ field: 'freeDays', rule: 'between', message: 'Free days: from 0 to 365' }] }, 'VALIDATION_FAILED', 'Free days: from 0 to 365') }
        : undefined);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Package name').value).toBe('Oms Open Api'));
    expect(screen.getByLabelText<HTMLInputElement>('Package name').disabled).toBe(true);
    // The add-on fields follow the loaded package type (Form.useWatch), a render after the values themselves.
    expect((await screen.findByLabelText<HTMLInputElement>('Add-on type')).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Free days: from 0 to 365')).toBeTruthy();
    const body = JSON.parse(saves(seen).find((request) => request.url.endsWith('/package/modify'))!.body!) as Record<string, unknown>;
    expect(body).toMatchObject({ id: 8, addonType: 'OMS_OPEN_API', name: 'Oms Open Api' });
  });
});
