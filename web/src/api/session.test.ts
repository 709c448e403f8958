import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './session';

describe('loginPath (SPEC §2: /login?redirect={full path})', () => {
  it('encodes the full path', () => {
    expect(loginPath('/home')).toBe('/login?redirect=%2Fhome');
    expect(loginPath('/ticket/12?tab=log#top')).toBe('/login?redirect=%2Fticket%2F12%3Ftab%3Dlog%23top');
  });

  it('needs no redirect for the root or the login page itself', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=%2Fhome')).toBe('/login');
  });
});

describe('safeRedirect', () => {
  it('follows paths of this site', () => {
    expect(safeRedirect('/ticket/12?tab=log')).toBe('/ticket/12?tab=log');
  });

  it.each([null, '', 'https://evil.example', '//evil.example/x', '/\\evil.example'])('refuses %s and goes home', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});
