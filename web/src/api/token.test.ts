import { beforeEach, describe, expect, it } from 'vitest';
import { adoptTokenFromAddress, clearToken, getToken } from './token';

beforeEach(() => clearToken());

describe('a token in the page address (SPEC §4)', () => {
  it('is stored with the Bearer prefix and removed from the address', () => {
    window.history.replaceState(null, '', '/home?token=abc123&tab=2#top');

    expect(adoptTokenFromAddress()).toBe(true);

    expect(getToken()).toBe('Bearer abc123');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/home?tab=2#top');
  });

  it('leaves everything alone when the address has none', () => {
    window.history.replaceState(null, '', '/home?tab=2');

    expect(adoptTokenFromAddress()).toBe(false);

    expect(getToken()).toBeUndefined();
    expect(window.location.search).toBe('?tab=2');
  });
});
