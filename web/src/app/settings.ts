import Cookies from 'js-cookie';
import { createStore, readStored, useStore, writeStored } from './store';

/** SPEC §2 settings panel and §9 defaults: tabs on, fixed header on, logo on, footer hidden, one group open. */
export interface Settings {
  themeColor: string;
  showTabs: boolean;
  fixedHeader: boolean;
  showLogo: boolean;
  uniqueOpened: boolean;
  showFooter: boolean;
  footerText: string;
  caseNumber: string;
}

export const DEFAULT_THEME_COLOR = '#1677ff';
export const THEME_COLORS = ['#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1', '#eb2f96', '#304156'];

export const DEFAULT_SETTINGS: Settings = {
  themeColor: DEFAULT_THEME_COLOR,
  showTabs: true,
  fixedHeader: true,
  showLogo: true,
  uniqueOpened: true,
  showFooter: false,
  footerText: '',
  caseNumber: '',
};

const SETTINGS_KEY = 'settings';
/** SPEC §9: the theme colour is kept in a cookie for 365 days. */
export const THEME_COOKIE = 'theme';
const THEME_COOKIE_DAYS = 365;

function isColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}

export function readSettings(): Settings {
  const stored = readStored<Partial<Settings>>(window.localStorage, SETTINGS_KEY, {});
  const merged = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (typeof stored[key] === typeof DEFAULT_SETTINGS[key]) (merged as Record<string, unknown>)[key] = stored[key];
  }
  const theme = Cookies.get(THEME_COOKIE);
  merged.themeColor = isColor(theme) ? theme : DEFAULT_THEME_COLOR;
  return merged;
}

function persist(settings: Settings): void {
  const { themeColor, ...rest } = settings;
  writeStored(window.localStorage, SETTINGS_KEY, rest);
  Cookies.set(THEME_COOKIE, themeColor, { expires: THEME_COOKIE_DAYS, path: '/', sameSite: 'Lax' });
}

export const settingsStore = createStore<Settings>(readSettings(), persist);

export function useSettings(): Settings {
  return useStore(settingsStore);
}

export function changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  settingsStore.set((current) => ({ ...current, [key]: value }));
}

export function resetSettings(): void {
  settingsStore.set(DEFAULT_SETTINGS);
}
