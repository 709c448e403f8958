import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { notification } from 'antd';
import { createQueryClient } from '../queryClient';
import Cookies from 'js-cookie';
import { CSRF_COOKIE, hasToken } from '../../api/token';
import { envelope, fakeApi } from '../../test/fakeApi';
import { loadSession } from './session';

const user = { id: 1, username: 'admin', permissions: [], isSuper: true };
const menus = [{ identifier: 'home' }];

// The server's login sets the HttpOnly token cookie and this readable proof beside it.
beforeEach(() => Cookies.set(CSRF_COOKIE, 'proof-1', { path: '/' }));

afterEach(() => {
  notification.destroy();
  vi.unstubAllGlobals();
});

describe('loading the session after login (SPEC §4)', () => {
  it('gives the user and the menu tree', async () => {
    fakeApi(({ url }) => ({ body: envelope(url.endsWith('user/info') ? user : menus) }));

    await expect(loadSession(createQueryClient())).resolves.toEqual({ user, menus });
    expect(hasToken()).toBe(true);
  });

  it('logs out when user info fails', async () => {
    fakeApi(({ url }) => (url.endsWith('user/info') ? { status: 500, body: envelope(null, 'INTERNAL_ERROR', 'boom') } : { body: envelope(menus) }));

    await expect(loadSession(createQueryClient())).resolves.toBeUndefined();
    expect(hasToken()).toBe(false);
  });

  it("logs out with 'Verification failed, please Login again.' when user info is empty", async () => {
    fakeApi(({ url }) => ({ body: envelope(url.endsWith('user/info') ? null : menus) }));

    await expect(loadSession(createQueryClient())).resolves.toBeUndefined();
    expect(hasToken()).toBe(false);
    expect(await screen.findByText('Verification failed, please Login again.')).toBeTruthy();
  });
});
