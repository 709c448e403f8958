import { beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { clearToken, CSRF_COOKIE, hasToken, takeTokenFromAddress } from './token';
import { adoptTokenFromAddress } from './adopt';
import { envelope, fakeApi } from '../test/fakeApi';

beforeEach(() => clearToken());

describe('a token in the page address (SPEC §4)', () => {
  it('is taken with the Bearer prefix and removed from the address', () => {
    window.history.replaceState(null, '', '/home?token=abc123&tab=2#top');

    expect(takeTokenFromAddress()).toBe('Bearer abc123');

    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/home?tab=2#top');
  });

  it('is handed to the server, which sets the session cookies', async () => {
    window.history.replaceState(null, '', '/home?token=abc123');
    const seen = fakeApi(() => {
      Cookies.set(CSRF_COOKIE, 'proof-1', { path: '/' });
      return { body: envelope({ expiresAt: '2026-01-01T00:00:00Z' }) };
    });

    await expect(adoptTokenFromAddress()).resolves.toBe(true);

    expect(seen[0]!.url).toBe('/cms/auth/adopt');
    expect(seen[0]!.body).toBe('{"token":"Bearer abc123"}');
    expect(hasToken()).toBe(true);
  });

  it('leaves everything alone when the address has none', async () => {
    window.history.replaceState(null, '', '/home?tab=2');

    await expect(adoptTokenFromAddress()).resolves.toBe(false);

    expect(hasToken()).toBe(false);
    expect(window.location.search).toBe('?tab=2');
  });
});
