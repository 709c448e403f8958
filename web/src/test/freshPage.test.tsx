import { describe, expect, it } from 'vitest';
import { browserZone, getDisplayZone, setDisplayZone } from '../components/format/time';
import { freshPage } from './freshPage';

describe('what a test file leaves in the page the next file shares', () => {
  it('keeps no stored value, cookie, address or time zone', () => {
    window.localStorage.setItem('language', 'zh-CN');
    window.sessionStorage.setItem('tabs', '[]');
    document.cookie = 'token=abc; path=/';
    window.history.replaceState(null, '', '/tickets/7?tab=log');
    setDisplayZone('Asia/Jakarta');

    freshPage();

    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/');
    expect(getDisplayZone()).toBe(browserZone());
  });
});
