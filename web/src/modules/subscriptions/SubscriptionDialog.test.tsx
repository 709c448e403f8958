import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../app/queryClient';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi, type SeenRequest } from '../../test/fakeApi';
import { SubscriptionDialog } from './SubscriptionDialog';
import { testRequest as request } from './testRequest';

beforeAll(() => loadNamespaces(['subscriptions', 'resource']));
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

/** The dialog against a server with one enabled package; `preview` answers the dialog's first step (the quote). */
function openDialog(preview: () => { status?: number; body: unknown }) {
  const seen = fakeApi(({ url }) => {
    if (url.includes('package/options')) return { body: envelope([{ id: 3, name: 'Pro', packageType: 'BASIC', displayName: 'Pro yearly', freeDays: 14 }]) };
    if (url.endsWith('subscription/preview')) return preview();
    if (url.endsWith('subscription/submit')) return { body: envelope(request('AWAITING_APPROVAL')) };
    if (url.includes('common/enums/')) return { body: envelope([{ value: 'AWAITING_APPROVAL', label: 'Awaiting approval' }]) };
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SubscriptionDialog kind="SUBSCRIBE" merchantId={9} country="ID" open onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

async function fillDialog() {
  const packages = screen.getByRole('combobox', { name: 'Packages' });
  fireEvent.mouseDown(packages);
  fireEvent.click(await screen.findByText('Pro yearly (basic)'));
  fireEvent.change(screen.getByLabelText('Free days'), { target: { value: '7' } });
  fireEvent.change(screen.getByLabelText('Receipt number'), { target: { value: 'INV 1' } });
  fireEvent.change(screen.getByLabelText('Payment serial number'), { target: { value: 'TRX-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

const bodyOf = (seen: SeenRequest[], path: string) => JSON.parse(seen.find((r) => r.url.endsWith(path))!.body!) as Record<string, unknown>;

// Several antd form steps under jsdom take tens of seconds on a loaded machine: the limit is there to stop a hang.
describe('the subscribe dialog and its second confirmation', { timeout: 180_000 }, () => {
  it('offers only the packages of the merchant\'s country (SPEC §5)', async () => {
    const seen = openDialog(() => ({ body: envelope(request('AWAITING_CONFIRMATION')) }));
    await waitFor(() => expect(seen.some((r) => r.url.includes('package/options'))).toBe(true));
    const asked = seen.filter((r) => r.url.includes('package/options')).map((r) => new URL(r.url, 'http://console.test'));
    expect(asked.map((u) => u.searchParams.get('country'))).toEqual(['ID']);
  });

  it('shows what the server quoted, and submits the dialog with it restated once confirmed', async () => {
    const seen = openDialog(() => ({ body: envelope(request('AWAITING_CONFIRMATION')) }));
    await fillDialog();
    expect(await screen.findByText('1,332,000 IDR')).toBeTruthy(); // IDR has no decimals (SPEC §9)
    const dialog = { kind: 'SUBSCRIBE', merchantId: 9, packages: [{ packageId: 3, count: 1 }], freeDays: 7, receiptNumber: 'INV 1', paymentSerial: 'TRX-1' };
    expect(bodyOf(seen, 'subscription/preview')).toMatchObject(dialog);
    expect(seen.some((r) => r.url.endsWith('subscription/submit'))).toBe(false); // nothing submitted before the confirmation
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmed: the request now awaits approval by another person.')).toBeTruthy();
    expect(bodyOf(seen, 'subscription/submit')).toMatchObject({
      ...dialog, confirmation: { packages: [{ packageId: 3, versionId: 30, count: 1 }], freeDays: 7 },
    });
  });

  it('caps each add-on count at its type\'s limit the server gives (SPEC §3 add-on quantities)', async () => {
    const addons = [
      { id: 7, name: 'Oms Open Api', packageType: 'ADDON', addonType: 'OMS_OPEN_API', displayName: 'Open API', maxCount: 1 },
      { id: 8, name: 'WMS Add 5 Consignor', packageType: 'ADDON', addonType: 'WMS_ADD_5_CONSIGNOR', displayName: 'Consignors', maxCount: 100 },
    ];
    const seen = fakeApi(({ url }) => (url.includes('package/options')
      ? { body: envelope(addons) } : { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter><SubscriptionDialog kind="GIFT" merchantId={9} country="ID" open onClose={() => {}} /></MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Packages' }));
    fireEvent.click(await screen.findByText('Open API (add-on)'));
    fireEvent.click(await screen.findByText('Consignors (add-on)'));
    const apiCount = await screen.findByLabelText('Count of Oms Open Api');
    const consignorCount = await screen.findByLabelText('Count of WMS Add 5 Consignor'); // drawn row by row
    expect(apiCount.getAttribute('aria-valuemax')).toBe('1');
    expect(consignorCount.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByText('At most 1 of this add-on in one request')).toBeTruthy();
    expect(screen.getByText('At most 100 of this add-on in one request')).toBeTruthy();
    fireEvent.change(consignorCount, { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.some((r) => r.url.endsWith('subscription/preview'))).toBe(true));
    const [api, consignors] = bodyOf(seen, 'subscription/preview').packages as { packageId: number; count: number }[];
    expect(api).toEqual({ packageId: 7, count: 1 });
    expect(consignors?.count).toBeLessThanOrEqual(100); // 101 typed: the input does not take it
  });

  it('puts a refusal of the server on the field it names', async () => {
    const message = 'Payment serial number: this payment serial number is a duplicate, it has been used already';
    openDialog(() => ({ status: 422, body: envelope({ errors: [{ field: 'paymentSerial', rule: 'serial_used', message }] }, 'VALIDATION_FAILED', message) }));
    await fillDialog();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('refuses a receipt number with other characters before asking the server (SPEC §5)', async () => {
    const seen = openDialog(() => ({ body: envelope(request('AWAITING_CONFIRMATION')) }));
    fireEvent.change(screen.getByLabelText('Receipt number'), { target: { value: 'INV/1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Only letters, digits, underscores, hyphens and spaces')).toBeTruthy();
    await waitFor(() => expect(seen.some((r) => r.url.endsWith('subscription/preview'))).toBe(false));
  });

  it('offers a package enabled since it last opened, within the app\'s usual 30 s of cached answers', async () => {
    const offered = [{ id: 3, name: 'Pro', packageType: 'BASIC', displayName: 'Pro yearly', freeDays: 14 }];
    fakeApi(({ url }) => (url.includes('package/options')
      ? { body: envelope(offered) } : { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') }));
    const client = createQueryClient(); // the app's own defaults (answers fresh for 30 s)
    const shown = (open: boolean) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{open && <SubscriptionDialog kind="SUBSCRIBE" merchantId={9} country="ID" open onClose={() => {}} />}</MemoryRouter>
      </QueryClientProvider>
    );
    const view = render(shown(true));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Packages' }));
    expect(await screen.findByText('Pro yearly (basic)')).toBeTruthy();
    view.rerender(shown(false));
    offered.push({ id: 4, name: 'Journey', packageType: 'BASIC', displayName: 'Journey monthly', freeDays: 0 }); // enabled meanwhile
    view.rerender(shown(true));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Packages' }));
    expect(await screen.findByText('Journey monthly (basic)')).toBeTruthy();
  });
});
