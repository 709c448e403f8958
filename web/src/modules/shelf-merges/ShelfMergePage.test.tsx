import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import ShelfMergePage from './ShelfMergePage';
import type { ShelfMergeItem, ShelfMergeView } from './api';

beforeAll(() => loadNamespaces(['shelf-merges', 'resource']));
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const UI = '/temporal/namespaces/default/workflows/shelf-merge-3-9';

function merge(state: string, moved: number, total: number, fields: Partial<ShelfMergeView> = {}): ShelfMergeView {
  return {
    id: 9, warehouseId: 3, warehouseName: 'Jakarta DC', sourceShelfIds: [11, 12], sourceShelfCodes: ['A-01', 'A-02'],
    targetShelfId: 13, targetShelfCode: 'B-01', state, total, moved, skipped: 0, batches: 2, attempt: 1, error: null,
    createdBy: 1, createdByName: 'admin', createdAt: '2026-11-25T05:00:00Z', startedAt: '2026-11-25T05:00:00Z',
    finishedAt: null, retriedAt: null, cancelRequestedAt: null, rate: null, estimate: null, workflowId: 'shelf-merge-3-9', workflowUrl: UI,
    progress: { total, moved, skipped: 0, batch: 2, percent: Math.floor((moved * 100) / Math.max(total, 1)), live: state === 'RUNNING' },
    canCancel: state === 'RUNNING', canRetry: state === 'CANCELLED' || state === 'FAILED',
    ...fields,
  } as ShelfMergeView;
}

function movedItems(count: number): ShelfMergeItem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1, mergeId: 9, shelfId: 11, shelfCode: 'A-01', sku: `SKU-${i + 1}`, planned: 5, quantity: 5,
    state: 'MOVED', batch: 1, movedAt: '2026-11-25T05:01:00Z' }));
}

/** The page against a fake server whose merge moves on each time it is asked (`steps`), as a running flow does. */
function openPage(steps: ShelfMergeView[], permissions: string[], after: Record<string, ShelfMergeView> = {}) {
  let asked = 0;
  let current = steps[0]!;
  const seen = fakeApi(({ url, method }) => {
    if (url.endsWith('shelf-merge/9/view')) {
      current = steps[Math.min(asked++, steps.length - 1)]!;
      return { body: envelope(current) };
    }
    if (url.endsWith('shelf-merge/item/search')) {
      const items = movedItems(current.moved);
      return { body: envelope({ items, total: items.length, page: 1, pageSize: 20 }) };
    }
    for (const [suffix, next] of Object.entries(after)) {
      if (url.endsWith(suffix) && method === 'POST') {
        steps.splice(0, steps.length, next);
        current = next;
        return { body: envelope(next) };
      }
    }
    if (url.includes('common/enums/ShelfMergeState')) {
      return { body: envelope(['RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED'].map((value) => ({ value, label: value.toLowerCase() }))) };
    }
    return { status: 404, body: envelope(null, 'NOT_FOUND', 'not found') };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/warehouse-setting/location-management/shelf-merge/9']}>
        <Routes><Route path="/warehouse-setting/location-management/shelf-merge/:id" element={<ShelfMergePage />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

const bar = () => screen.getByRole('progressbar');

describe('the shelf merge page', { timeout: 120_000 }, () => {
  it('follows a running merge on its progress bar until it completes, with the SKUs moved listed', async () => {
    const rate = { itemsPerMinute: 20, items: 10, seconds: 30, basis: 'run' as const };
    openPage([merge('RUNNING', 10, 40, { rate, estimate: { remainingSeconds: 90, rate } }), merge('RUNNING', 30, 40),
      merge('COMPLETED', 40, 40, { canCancel: false, finishedAt: '2026-11-25T05:04:12Z' })], ['shelf-merge#cancel']);
    expect(await screen.findByText('10 / 40 SKUs moved (batch 2)')).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Open in Temporal Web UI').getAttribute('href')).toBe(UI);
    // how long it runs and still needs, from the rate measured on this run (no fixed "3 to 5 minutes")
    expect(screen.getByTestId('merge-time-left').textContent).toBe("about 1 min 30 sec at this run's measured rate");
    expect(screen.getByTestId('merge-rate').textContent).toBe('20 SKUs a minute (measured: 10 SKUs in 30 sec)');
    expect(screen.getByTestId('merge-duration').textContent).toMatch(/^running for /);
    // The page asks again while the merge runs: the bar moves on, then stops full.
    expect(await screen.findByText('30 / 40 SKUs moved (batch 2)', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('40 / 40 SKUs moved (batch 2)', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('merge-duration').textContent).toBe('4 min 12 sec'); // started -> finished
    expect(screen.queryByTestId('merge-time-left')).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('moved-list')).getAllByText('A-01')).toHaveLength(20));
    expect(screen.queryByRole('button', { name: 'Cancel merge' })).toBeNull();
  });

  it('cancels a running merge and lists what stays moved', async () => {
    const seen = openPage([merge('RUNNING', 3, 40)], ['shelf-merge#cancel'], {
      'shelf-merge/9/cancel': merge('CANCELLED', 3, 40, { finishedAt: '2026-11-25T05:02:00Z' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel merge' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(seen.some((r) => r.url.endsWith('shelf-merge/9/cancel') && r.method === 'POST')).toBe(true));
    expect(await screen.findByText(/Cancelled: the 3 SKUs below stay moved/)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('moved-list')).getAllByText(/^SKU-/)).toHaveLength(3));
  });

  it('retries a cancelled merge, which runs again', async () => {
    const seen = openPage([merge('CANCELLED', 3, 40)], ['shelf-merge#add'], {
      'shelf-merge/9/retry': merge('RUNNING', 3, 40, { attempt: 2 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(seen.some((r) => r.url.endsWith('shelf-merge/9/retry') && r.method === 'POST')).toBe(true));
    expect(await screen.findByText(/The merge is running/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers neither cancel nor retry without the permissions', async () => {
    openPage([merge('RUNNING', 3, 40)], []);
    expect(await screen.findByText('3 / 40 SKUs moved (batch 2)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel merge' })).toBeNull();
  });
});
