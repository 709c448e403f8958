import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { notification } from 'antd';
import Cookies from 'js-cookie';
import { api } from './client';
import { ApiError, NETWORK_ERROR } from './ApiError';
import { DownloadedFile } from './http';
import { clearToken, CSRF_COOKIE, hasToken } from './token';
import { envelope, fakeApi } from '../test/fakeApi';

const courier = { name: 'JNE', channel: 'SHOPEE_ID', shippingMethod: 'PICK_UP', status: 'LIVE' } as const;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('the call should have failed');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  clearToken();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  notification.destroy();
  vi.unstubAllGlobals();
});

describe('the typed client', () => {
  it('fills the path parameters in and resolves with the envelope data', async () => {
    const seen = fakeApi(() => ({ body: envelope({ id: 7, name: 'JNE' }) }));

    const found = await api.get('/cms/courier/detail/{row_id}', { params: { path: { row_id: 7 } } });

    expect(found.name).toBe('JNE');
    expect(seen[0]!.url).toBe('/cms/courier/detail/7');
    expect(seen[0]!.method).toBe('GET');
  });

  it('puts the query in the URL, leaving out what is unset', async () => {
    const seen = fakeApi(() => ({ body: envelope([]) }));

    await api.get('/cms/user/options', { params: { query: { ids: [3, 4], keyword: undefined } } });

    expect(seen[0]!.url).toBe('/cms/user/options?ids=3&ids=4');
  });

  it('sends the body as JSON with the CSRF proof, the language and the idempotency key', async () => {
    Cookies.set(CSRF_COOKIE, 'proof-7', { path: '/' });
    window.localStorage.setItem('language', 'id');
    const seen = fakeApi(() => ({ body: envelope({ id: 1 }) }));

    await api.post('/cms/courier/add', { body: courier, idempotencyKey: 'k-9' });

    expect(seen[0]!.body).toBe(JSON.stringify(courier));
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(seen[0]!.headers.get('X-CSRF-Token')).toBe('proof-7');
    expect(seen[0]!.headers.get('Accept-Language')).toBe('id');
    expect(seen[0]!.headers.get('Idempotency-Key')).toBe('k-9');
  });

  it('rejects a refusal with an ApiError naming the filled-in path, and shows it', async () => {
    fakeApi(() => ({ status: 404, body: envelope(null, 'NOT_FOUND', 'Courier not found', 'tx-404') }));

    const error = await failure(api.get('/cms/courier/detail/{row_id}', { params: { path: { row_id: 9 } } }));

    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, transactionId: 'tx-404', path: '/cms/courier/detail/9' });
    const box = (await screen.findByText('Courier not found')).closest<HTMLElement>('.ant-notification-notice')!;
    expect(within(box).getByText('/cms/courier/detail/9')).toBeTruthy();
  });

  it('stays quiet when asked, and a transport failure is an ApiError too', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    const error = await failure(api.get('/cms/info', { notify: false }));

    expect(error.code).toBe(NETWORK_ERROR);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });

  it('ends the session on 401', async () => {
    window.history.replaceState(null, '', '/login');
    Cookies.set(CSRF_COOKIE, 'proof-1', { path: '/' });
    fakeApi(() => ({ status: 401, body: envelope(null, 'UNAUTHORIZED', 'Session expired', 'tx-401') }));

    await failure(api.get('/cms/user/info', { notify: false }));

    expect(hasToken()).toBe(false);
  });

  it('downloads a file an export answers with', async () => {
    fakeApi(() => ({ body: 'xlsx', headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="c.xlsx"' } }));

    const file = await api.download('/cms/courier/export', { body: { page: 1, pageSize: 20 } });

    expect(file).toBeInstanceOf(DownloadedFile);
    expect(file.filename).toBe('c.xlsx');
  });
});

/** Compile-time checks: `tsc` fails if any of these calls type-checks (each line must be an error). */
export function typeErrors(): void {
  // @ts-expect-error: no such path
  void api.get('/cms/courier/detial/{row_id}', { params: { path: { row_id: 1 } } });
  // @ts-expect-error: the path parameter is required
  void api.get('/cms/courier/detail/{row_id}');
  // @ts-expect-error: the path parameter is a number
  void api.get('/cms/courier/detail/{row_id}', { params: { path: { row_id: 'seven' } } });
  // @ts-expect-error: the body lacks required fields
  void api.post('/cms/courier/add', { body: { name: 'JNE' } });
  // @ts-expect-error: a field of the wrong type in the body
  void api.post('/cms/courier/add', { body: { ...courier, status: 'OPEN' } });
  // @ts-expect-error: the operation is a POST, not a GET
  void api.get('/cms/courier/add');
  // @ts-expect-error: a field the operation does not take, in a literal body
  void api.post('/cms/courier/add', { body: { ...courier, colour: 'red' } });
  const extra = { ...courier, colour: 'red' };
  const exportBody = { page: 1, pageSize: 20 };
  // @ts-expect-error: a field the operation does not take, in a body built beforehand
  void api.post('/cms/courier/add', { body: extra });
  const init = { body: extra };
  // @ts-expect-error: ... and in an init built beforehand
  void api.post('/cms/courier/add', init);
  // @ts-expect-error: ... and in an export's body
  void api.download('/cms/courier/export', { body: { ...exportBody, colour: 'red' } });
  const order = { merchantId: 1, warehouseId: 2, orderType: 'PURCHASE_INBOUND', lines: [{ sku: 'A', quantity: 1, colour: 'red' }] } as const;
  // @ts-expect-error: ... and in an object of a list inside the body
  void api.post('/cms/stock-order/add', { body: order });
  // a body with exactly the operation's fields passes, built beforehand or not
  const exact = { ...courier };
  void api.post('/cms/courier/add', { body: exact });
}
