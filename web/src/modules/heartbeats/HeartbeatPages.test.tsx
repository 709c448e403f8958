import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi } from '../../test/fakeApi';
import ApplicationStatusPage from './ApplicationStatusPage';
import HeartbeatDetailPage from './HeartbeatDetailPage';

beforeAll(() => loadNamespaces(['heartbeats']));

function renderAt(path: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const process = { id: 7, kind: 'WORKER', host: 'node-a', pid: 4242, version: '0.1.0+abc1234', intervalSeconds: 30,
  startedAt: '2026-11-25T01:00:00Z', lastBeatAt: '2026-11-25T01:10:00Z', beats: 21, status: 'DEAD' };

describe('the heartbeat screens', () => {
  it('show each kind and version with its alive and dead processes and hosts', async () => {
    fakeApi(() => ({ body: envelope([{ kind: 'API', version: '0.1.0+abc1234', alive: 2, dead: 1, hosts: ['node-a', 'node-b'], lastBeatAt: '2026-11-25T01:10:00Z' }]) }));
    renderAt('/system/task/heartbeat/application-status', <ApplicationStatusPage />);
    expect(await screen.findByText('node-a, node-b')).toBeTruthy();
    expect(screen.getByText('0.1.0+abc1234')).toBeTruthy();
  });

  it('show one process with its status and its beats, asked for by the id in the address', async () => {
    const seen = fakeApi(({ url }) => (url.includes('beats/search')
      ? { body: envelope({ items: [{ id: 1, at: '2026-11-25T01:10:00Z', memoryKb: 204800, cpuSeconds: 3.5 }], total: 1, page: 1, pageSize: 50 }) }
      : { body: envelope(process) }));
    renderAt('/system/heartbeat/detail?id=7', <HeartbeatDetailPage />);
    expect(await screen.findByText('Dead')).toBeTruthy();
    expect(await screen.findByText('200.0')).toBeTruthy();
    expect(seen.some((r) => r.url.endsWith('heartbeat/detail/7'))).toBe(true);
    expect(seen.find((r) => r.url.includes('beats/search'))?.body).toContain('"instanceId":7');
  });

  it('say so when the address names no process', () => {
    renderAt('/system/heartbeat/detail', <HeartbeatDetailPage />);
    expect(screen.getByText(/not known/)).toBeTruthy();
  });
});
