import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import type { Locale } from 'antd/es/locale';
import { DEFAULT_LANGUAGE, storeLanguage, storedLanguage } from './languages';
import { loadLocale, type LoadedLocale } from './locales';

let antdLocale: Locale | undefined;
const listeners = new Set<() => void>();

function apply(code: string, locale: LoadedLocale): void {
  if (!i18n.hasResourceBundle(code, 'translation')) {
    i18n.addResourceBundle(code, 'translation', locale.messages);
  }
  antdLocale = locale.antd;
  document.documentElement.lang = code;
  listeners.forEach((listener) => listener());
}

/** Starts i18next in the stored language; call once before the first render. */
export async function initI18n(): Promise<void> {
  const code = storedLanguage();
  const [english, chosen] = await Promise.all([loadLocale(DEFAULT_LANGUAGE), loadLocale(code)]);
  await i18n.use(initReactI18next).init({
    lng: code,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [DEFAULT_LANGUAGE]: { translation: english.messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  apply(code, chosen);
}

/** Switches the language of the whole console and remembers the choice. */
export async function switchLanguage(code: string): Promise<void> {
  const locale = await loadLocale(code);
  storeLanguage(code);
  apply(code, locale);
  await i18n.changeLanguage(code);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The Ant Design locale matching the current language. */
export function useAntdLocale(): Locale | undefined {
  return useSyncExternalStore(subscribe, () => antdLocale);
}

export { i18n };
