import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '../../i18n';
import { envelope, fakeApi, type SeenRequest } from '../../test/fakeApi';
import { ResourcePage } from './ResourcePage';
import { prefetchList } from './listQuery';
import { defineResource } from './types';

beforeAll(() => loadNamespaces(['resource']));
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const parcels = defineResource<{ id: number; name: string; state: string }>({
  name: 'parcels', namespace: 'resource', api: 'courier', permission: 'parcel-list', defaultSort: '-id',
  columns: [
    { key: 'name', title: 'name', priority: 'key', filter: true },
    { key: 'state', title: 'state', type: 'enum', enum: 'ParcelState', priority: 'key' },
  ],
});
// two lists guarded by one identifier: the route cannot tell which one its screen shows
defineResource({ name: 'left', namespace: 'resource', api: 'courier', permission: 'two-lists', columns: [] });
defineResource({ name: 'right', namespace: 'resource', api: 'courier', permission: 'two-lists', columns: [] });

function server(): SeenRequest[] {
  return fakeApi(({ url }) => {
    if (url.endsWith('/search')) return { body: envelope({ items: [{ id: 1, name: 'first parcel', state: 'ON_WAY' }], total: 1, page: 1, pageSize: 20 }) };
    if (url.endsWith('/common/enums')) return { body: envelope({ ParcelState: [{ value: 'ON_WAY', label: 'On its way' }] }) };
    return { body: envelope(null) };
  });
}

const paths = (seen: SeenRequest[]) => seen.map((request) => new URL(request.url, 'http://console').pathname);

describe("a list screen's route starts the list's first calls before the page draws", { timeout: 120_000 }, () => {
  it('asks the search of the address, the saved display and the enumerations, and the page asks none again', async () => {
    const seen = server();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    client.setQueryData(['session', 'user'], { permissions: ['parcel-list'], isSuper: false });
    prefetchList(client, 'parcel-list', new URL('http://console/parcels?name=first&page=2'));
    expect(paths(seen).sort()).toEqual(['/cms/common/enums', '/cms/courier/search', '/cms/front/table-display/get']);
    expect(JSON.parse(seen.find((request) => request.url.endsWith('/search'))!.body!)).toEqual({ name: 'first', page: 2, pageSize: 20, sort: '-id' });

    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/parcels?name=first&page=2']}><ResourcePage resource={parcels} /></MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('first parcel')).toBeTruthy();
    expect(await screen.findByText('On its way')).toBeTruthy();
    expect(paths(seen).filter((path) => path.endsWith('/search'))).toHaveLength(1);
    expect(paths(seen).filter((path) => path.includes('/common/enums'))).toEqual(['/cms/common/enums']);
  });

  it('asks only the enumerations when the screen holds several lists or its identifier guards no single one', () => {
    const seen = server();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchList(client, 'two-lists', new URL('http://console/two'));
    prefetchList(client, 'parcel-list', new URL('http://console/parcels?tab=other'));
    prefetchList(client, 'nothing-here', new URL('http://console/nothing'));
    expect(paths(seen)).toEqual(['/cms/common/enums']);
  });
});
