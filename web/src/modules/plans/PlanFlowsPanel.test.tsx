import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import { PlanFlowsPanel } from './PlanFlowsPanel';

beforeAll(() => loadNamespaces(['plans']));

const UI = '/temporal/namespaces/default/workflows';

function flows(overrides: Record<string, unknown> = {}) {
  return {
    merchantId: 7, planName: 'PRO', packageState: 'PRO', expireAt: '2027-03-31T16:00:00Z', workflowId: 'plan-7',
    workflowUrl: `${UI}/plan-7`,
    requests: [{ id: 12, kind: 'SUBSCRIBE', state: 'FAILED', workflowId: 'subscription-7-R1', workflowUrl: `${UI}/subscription-7-R1`,
      createdAt: '2027-02-28T16:00:00Z', reason: 'DATA_REFUSED' }],
    ...overrides,
  };
}

const APPROVAL_SCREEN = { identifier: 'approval-detail', path: '/approval/:id', menuType: 'MENU', hidden: true, children: [] };

function openPanel(reply: object, permissions: string[]) {
  const seen = fakeApi(({ url, method }) => {
    if (url.includes('merchant/7/plan/resync') && method === 'POST') return { body: envelope(flows({ expireAt: '2027-04-30T16:00:00Z' })) };
    if (url.includes('merchant/7/flows')) return { body: envelope(reply) };
    if (url.includes('common/enums/')) return { body: envelope([{ value: 'PRO', label: 'Pro' }, { value: 'FAILED', label: 'Failed' }]) };
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  client.setQueryData(['session', 'menus'], [APPROVAL_SCREEN]); // a request links to its approval, a screen the user holds
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlanFlowsPanel merchantId={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

describe('the plan and flows panel', () => {
  it('links the plan flow and each request to the Temporal Web UI for operators', async () => {
    openPanel(flows(), ['temporal#operate']);
    expect((await screen.findByRole('link', { name: /Plan flow in Temporal/ })).getAttribute('href')).toBe(`${UI}/plan-7`);
    expect(screen.getByRole('link', { name: /(^|\s)Flow in Temporal$/ }).getAttribute('href')).toBe(`${UI}/subscription-7-R1`);
    expect(screen.getByRole('link', { name: '#12' }).getAttribute('href')).toBe('/approval/12');
    expect(await screen.findByText('Failed')).toBeTruthy();
  });

  it('shows no flow links nor the resync button to readers', async () => {
    openPanel(flows({ workflowUrl: null, requests: [] }), []);
    expect(await screen.findByText('No subscription or gift requests yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Temporal/ })).toBeNull();
    expect(screen.queryByTestId('plan-resync')).toBeNull();
  });

  it('resyncs the plan flow and shows the end the server answers with', async () => {
    const seen = openPanel(flows(), ['temporal#operate']);
    fireEvent.click(await screen.findByTestId('plan-resync'));
    await waitFor(() => expect(seen.some((call) => call.url.includes('plan/resync'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('plan-expire-at').textContent).toMatch(/2027-0[45]-/));
  });
});
