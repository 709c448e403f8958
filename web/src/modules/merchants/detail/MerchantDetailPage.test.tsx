import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '../../../i18n';
import { envelope, fakeApi } from '../../../test/fakeApi';
import { serverEnums } from '../../../test/serverEnums';
import MerchantDetailPage from './MerchantDetailPage';

beforeAll(() => loadNamespaces(['merchants', 'resource', 'subscriptions', 'plans']));
// jsdom has no ResizeObserver; the tables and selects ask for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const MERCHANT = {
  id: 5, email: 'seller@shop.test', phone: '+6281234567890', country: 'ID', registeredAt: '2026-01-02T03:04:05Z',
  registrationSource: 'SYS_ERP', merchantType: null, businessCategory: null, planName: 'PRO', packageState: 'PRO',
  subscriptionState: null, expireAt: null, shopCount: 1, orderUsage: 12, orderLimit: 3000, contactStatus: null,
  notRenewReason: null, salesId: null, retentionId: null, team: null, tags: ['vip'], whatsappLink: null,
  whatsappGroupId: 3, whatsappGroupName: 'Sellers ID', whatsappGroupLink: 'https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv',
  erpBusinessLine: null, erpMerchantId: 'ERP-100005', wmsMerchantId: null, iamUserId: 'IAM-100005', erpFirstLoginAt: null,
  firstPaymentAt: null, lastPaymentAt: null, activeDays: 3, orders30D: 40,
};
const ACCOUNT = { merchantId: 5, email: 'seller@shop.test', userType: 'MERCHANT', status: 'ENABLED', accountType: 'OFFICIAL', activatedAt: '2026-01-02T03:04:05Z', updatedAt: '2026-01-02T03:04:05Z' };
const ACCOUNTS = [{ ...ACCOUNT, id: 51, system: 'IAM' }, { ...ACCOUNT, id: 52, system: 'ERP' }];

function openDetail(permissions: string[]) {
  const seen = fakeApi(({ url, method }) => {
    const path = new URL(url, 'http://console').pathname;
    if (path.endsWith('/merchant/detail/5')) return { body: envelope(MERCHANT) };
    if (path.endsWith('/common/enums')) return { body: envelope(serverEnums()) };
    if (path.endsWith('/merchant/5/accounts') || path.endsWith('/merchant/account/activate-wms')) return { body: envelope(ACCOUNTS) };
    if (method === 'POST' && path.endsWith('/search')) return { body: envelope({ items: [], total: 0, page: 1, pageSize: 500 }) };
    return { body: envelope([]) };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/operation/ginee-iam/genie-iam-detail?id=5']}><MerchantDetailPage /></MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

describe('the merchant detail', () => {
  it('shows the merchant with its WhatsApp group and ids, and its accounts read-only to a viewer', async () => {
    openDetail(['ginee-account']);
    const summary = await screen.findByTestId('merchant-summary');
    expect(within(summary).getByText(/Sellers ID · https:\/\/chat\.whatsapp\.com\/AbCdEfGhIjKlMnOpQrStUv/)).toBeTruthy();
    expect(within(summary).getByText('ERP-100005')).toBeTruthy();
    // enumerations read as the server's labels, never as codes (registration source SYS_ERP, country ID)
    await within(summary).findByText('ERP');
    expect(within(summary).getByText('Indonesia')).toBeTruthy();
    expect(within(summary).queryByText('SYS_ERP')).toBeNull();
    const accounts = await screen.findByTestId('merchant-accounts');
    await within(accounts).findAllByText('seller@shop.test');
    expect(within(accounts).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(accounts).queryByRole('button', { name: 'Activate WMS' })).toBeNull();
  });

  it('lets an editor change statuses and the IAM type, and activate WMS for the ERP login', async () => {
    const seen = openDetail(['ginee-account', 'account#edit', 'account#activate-wms']);
    const accounts = await screen.findByTestId('merchant-accounts');
    await within(accounts).findByRole('combobox', { name: 'Status ERP seller@shop.test' });
    expect(within(accounts).getByRole('combobox', { name: 'Status IAM seller@shop.test' })).toBeTruthy();
    // the type is edited on the IAM account only (SPEC §6): one type picker for two accounts
    expect(within(accounts).getAllByRole('combobox', { name: /^Account type/ })).toHaveLength(1);
    fireEvent.click(within(accounts).getByRole('button', { name: 'Activate WMS' }));
    await waitFor(() => expect(seen.some((request) => request.url.endsWith('/merchant/account/activate-wms'))).toBe(true));
    const body = seen.find((request) => request.url.endsWith('/merchant/account/activate-wms'))!.body;
    expect(JSON.parse(body!)).toEqual({ accountId: 52 });
  });
});
