import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useEffect, useSyncExternalStore } from 'react';
import type { Locale } from 'antd/es/locale';
import { DEFAULT_LANGUAGE, storeLanguage, storedLanguage } from './languages';
import { loadLocale, type LoadedLocale } from './locales';
import { loadNamespaces as loadModuleNamespaces, reloadNamespaces } from './namespaces';

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
    react: { bindI18nStore: 'added' }, // a namespace loaded late draws its users again
  });
  apply(code, chosen);
}

/** Switches the language of the whole console and remembers the choice. */
export async function switchLanguage(code: string): Promise<void> {
  const locale = await loadLocale(code);
  await reloadNamespaces(i18n, code);
  storeLanguage(code);
  apply(code, locale);
  await i18n.changeLanguage(code);
}

/** Loads the texts of modules (`couriers`, ...) before their screen shows. */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return loadModuleNamespaces(i18n, namespaces);
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

/** `t` for keys made at run time (resource declarations, module namespaces), unchecked by the types. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Looks a key up in each namespace in turn, the shared texts last. A screen's route loads its namespaces before
 * it shows; a piece borrowed from another module (the shops list's order sync actions) loads its own here if the
 * route did not, and the hook draws again once they arrive (`bindI18nStore`), so no key ever shows as text.
 */
export function useTranslate(namespaces: readonly string[] = []): Translate {
  const { t } = useTranslation([...namespaces, 'translation'] as never, { nsMode: 'fallback' });
  const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(DEFAULT_LANGUAGE, namespace)).join(',');
  useEffect(() => {
    if (missing) void loadNamespaces(missing.split(','));
  }, [missing]);
  return t as unknown as Translate;
}
