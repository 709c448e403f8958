import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { notification } from 'antd';
import Cookies from 'js-cookie';
import { dispositionFilename, DownloadedFile, http, MAX_TIMEOUT_MS } from './http';
import { ApiError, NETWORK_ERROR, TIMEOUT } from './ApiError';
import { clearToken, CSRF_COOKIE, hasToken } from './token';
import { envelope, fakeApi } from '../test/fakeApi';

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

/** The notification that shows `text` (Ant Design renders notifications into document.body). */
async function notificationWith(text: string | RegExp): Promise<HTMLElement> {
  const found = await screen.findByText(text);
  const box = found.closest<HTMLElement>('.ant-notification-notice');
  expect(box).not.toBeNull();
  return box!;
}

beforeEach(() => {
  clearToken();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  notification.destroy();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a successful call', () => {
  it('resolves with the envelope data and sends JSON to /cms/', async () => {
    const seen = fakeApi(() => ({ body: envelope({ id: 7 }) }));

    await expect(http.post('user/search', { page: 1 })).resolves.toEqual({ id: 7 });

    expect(seen[0]!.url).toBe('/cms/user/search');
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.body).toBe('{"page":1}');
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends the Idempotency-Key a creation asks for, and none otherwise', async () => {
    const seen = fakeApi(() => ({ body: envelope({ id: 7 }) }));

    await http.post('courier/add', { name: 'JNE' }, { idempotencyKey: 'k-1' });
    await http.post('courier/search', {});

    expect(seen[0]!.headers.get('Idempotency-Key')).toBe('k-1');
    expect(seen[1]!.headers.has('Idempotency-Key')).toBe(false);
  });

  it('puts query parameters in the URL and leaves out empty ones', async () => {
    const seen = fakeApi(() => ({ body: envelope(null) }));

    await http.get('authority/delete-role-authority', { params: { authorityId: 3, roleId: 'r 1', empty: null } });

    expect(seen[0]!.url).toBe('/cms/authority/delete-role-authority?authorityId=3&roleId=r+1');
  });
});

/** What the server's login leaves for the page: the readable proof (the token cookie is HttpOnly). */
function signedIn(proof = 'proof-1'): void {
  Cookies.set(CSRF_COOKIE, proof, { path: '/' });
}

describe('the session (docs/decisions/csrf.md)', () => {
  it('sends no Authorization header: the browser sends the HttpOnly cookie', async () => {
    signedIn();
    const seen = fakeApi(() => ({ body: envelope(null) }));
    await http.post('user/search', {});
    expect(seen[0]!.headers.has('Authorization')).toBe(false);
  });

  it('sends the CSRF proof from its cookie with every call, the GETs that remove grants included', async () => {
    signedIn('proof-42');
    const seen = fakeApi(() => ({ body: envelope(null) }));

    await http.post('user/modify', { id: 1 });
    await http.get('authority/delete-role-authority', { params: { authorityId: 1, roleId: 2 } });

    expect(seen.map((call) => call.headers.get('X-CSRF-Token'))).toEqual(['proof-42', 'proof-42']);
  });

  it('sends no proof when signed out', async () => {
    const seen = fakeApi(() => ({ body: envelope(null) }));
    await http.get('info');
    expect(seen[0]!.headers.has('X-CSRF-Token')).toBe(false);
  });
});

describe('Accept-Language', () => {
  it.each([
    [null, 'en'],
    ['zh-CN', 'zh-CN'],
    ['id', 'id'],
    ['klingon', 'en'],
  ])('stored language %s is sent as %s', async (stored, sent) => {
    if (stored) window.localStorage.setItem('language', stored);
    const seen = fakeApi(() => ({ body: envelope(null) }));

    await http.get('info');

    expect(seen[0]!.headers.get('Accept-Language')).toBe(sent);
  });
});

describe('a reply whose code is not SUCCESS', () => {
  it('rejects with the envelope fields and the HTTP status', async () => {
    fakeApi(() => ({
      status: 409,
      body: envelope({ field: 'name' }, 'CHANNEL_DUPLICATED', 'Channel duplication', 'tx-409'),
    }));

    const error = await failure(http.post('courier/add', { name: 'JNE' }));

    expect(error).toMatchObject({
      code: 'CHANNEL_DUPLICATED',
      message: 'Channel duplication',
      transactionId: 'tx-409',
      status: 409,
      data: { field: 'name' },
      path: '/cms/courier/add',
    });
  });

  it('shows a notification with the message, the request path and the transaction id', async () => {
    fakeApi(() => ({ status: 400, body: envelope(null, 'CREATE_FAILED', 'Create failed', 'tx-abc-42') }));

    await failure(http.post('notice/add', {}));

    const box = await notificationWith('Create failed');
    expect(within(box).getByText('/cms/notice/add')).toBeTruthy();
    expect(within(box).getByText('tx-abc-42')).toBeTruthy();
  });

  it('takes the transaction id from the X-Transaction-Id header when the envelope lacks it', async () => {
    fakeApi(() => ({
      status: 500,
      body: envelope(null, 'INTERNAL_ERROR', 'Something broke', ''),
      headers: { 'X-Transaction-Id': 'tx-header' },
    }));

    const error = await failure(http.get('home'));

    expect(error.transactionId).toBe('tx-header');
  });

  it('stays quiet when the caller asks for no notification', async () => {
    fakeApi(() => ({ status: 400, body: envelope(null, 'BAD', 'A quiet failure', 'tx') }));

    await failure(http.get('x', { notify: false }));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('A quiet failure')).toBeNull();
  });

  it('answers with the data when the status is one the caller accepts (the health check 503)', async () => {
    const down = { status: 'DOWN', components: {} };
    fakeApi(() => ({ status: 503, body: envelope(down, 'SERVICE_UNAVAILABLE', 'down', 'tx-503') }));

    await expect(http.get('health', { acceptStatus: [503], notify: false })).resolves.toEqual(down);
  });
});

describe('401', () => {
  it('forgets the session (on the login page nothing else happens)', async () => {
    window.history.replaceState(null, '', '/login');
    signedIn();
    fakeApi(() => ({ status: 401, body: envelope(null, 'UNAUTHORIZED', 'Wrong username or password', 'tx-401') }));

    const error = await failure(http.post('auth/login', { username: 'a', password: 'b', rememberMe: false }));

    expect(error.status).toBe(401);
    expect(hasToken()).toBe(false);
    expect(window.location.pathname).toBe('/login');
  });
});

describe('transport failures', () => {
  it('reject with NETWORK_ERROR and a notification naming the error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    const error = await failure(http.get('info'));

    expect(error.code).toBe(NETWORK_ERROR);
    expect(error.status).toBe(0);
    const box = await notificationWith(/Failed to fetch/);
    expect(within(box).getByText('/cms/info')).toBeTruthy();
  });

  it('a reply that is not an envelope is a failure too', async () => {
    fakeApi(() => ({ status: 502, body: '<html>Bad gateway</html>' }));

    const error = await failure(http.get('info'));

    expect(error.status).toBe(502);
    const box = await notificationWith(/unexpected reply \(HTTP 502\)/);
    expect(within(box).getByText('/cms/info')).toBeTruthy();
  });

  it('time out after the per-call limit, which is capped at 1,200,000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

    const pending = failure(http.get('export', { timeoutMs: 5_000_000, notify: false }));
    await vi.advanceTimersByTimeAsync(MAX_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect((await pending).code).toBe(TIMEOUT);
  });
});

describe('file replies (exports)', () => {
  it('resolves with the file and the name the server suggests', async () => {
    fakeApi(() => ({
      body: 'PK-xlsx-bytes',
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': "attachment; filename*=UTF-8''couriers%20list.xlsx",
      },
    }));

    const file = await http.download('courier/export', { name: 'JNE' });

    expect(file).toBeInstanceOf(DownloadedFile);
    expect(file.filename).toBe('couriers list.xlsx');
    expect(await file.blob.text()).toBe('PK-xlsx-bytes');
  });

  it('still fails with the envelope when the server refuses', async () => {
    fakeApi(() => ({ status: 403, body: envelope(null, 'NO_PERMISSION', 'No permission', 'tx-9') }));

    const error = await failure(http.download('courier/export', {}, { notify: false }));

    expect(error.code).toBe('NO_PERMISSION');
    expect(error.transactionId).toBe('tx-9');
  });

  it('reads plain and missing file names', () => {
    expect(dispositionFilename('attachment; filename="a.xlsx"', 'x')).toBe('a.xlsx');
    expect(dispositionFilename(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
