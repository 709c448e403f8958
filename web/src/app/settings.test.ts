import { beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { changeSetting, DEFAULT_SETTINGS, readSettings, resetSettings, settingsStore, THEME_COOKIE } from './settings';

beforeEach(() => {
  resetSettings();
});

describe('settings (SPEC §2 settings panel, §9 defaults)', () => {
  it('defaults: tabs on, fixed header on, logo on, footer hidden, one menu group open at a time', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ showTabs: true, fixedHeader: true, showLogo: true, showFooter: false, uniqueOpened: true });
  });

  it('persists a change: the theme colour in a cookie, the rest in local storage', () => {
    changeSetting('showTabs', false);
    changeSetting('themeColor', '#722ed1');
    changeSetting('footerText', 'Ginee Ops');

    expect(Cookies.get(THEME_COOKIE)).toBe('#722ed1');
    expect(readSettings()).toMatchObject({ showTabs: false, themeColor: '#722ed1', footerText: 'Ginee Ops' });
    expect(settingsStore.get().showTabs).toBe(false);
  });

  it('ignores stored values of the wrong type', () => {
    window.localStorage.setItem('settings', JSON.stringify({ showTabs: 'no', footerText: 3 }));
    Cookies.set(THEME_COOKIE, 'javascript:alert(1)');
    expect(readSettings()).toEqual(DEFAULT_SETTINGS);
  });
});
