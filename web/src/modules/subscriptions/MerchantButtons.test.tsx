import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import type { Merchant } from '../merchants/resource';
import { SubscriptionButtons } from './MerchantButtons';

beforeAll(() => loadNamespaces(['subscriptions']));
// jsdom has no ResizeObserver; the dialog's upload list asks for it.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

function renderButtons(permissions: string[]) {
  fakeApi(({ url }) => (url.includes('package/options') ? { body: envelope([]) } : { status: 404, body: envelope(null, 'NOT_FOUND', 'x') }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  const merchant = { id: 9, country: 'ID' } as unknown as Merchant;
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter><SubscriptionButtons merchant={merchant} reload={() => {}} /></MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the merchant detail buttons', () => {
  it('offers each dialog only to holders of its button', () => {
    renderButtons(['account#gift']);
    expect(screen.queryByRole('button', { name: 'Subscribe package' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Gift package' })).toBeTruthy();
  });

  it('opens the gift dialog for this merchant, which needs no receipt', async () => {
    renderButtons(['account#subscribe', 'account#gift']);
    fireEvent.click(screen.getByRole('button', { name: 'Gift package' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.queryByLabelText('Payment time')).toBeNull();
  });
});
