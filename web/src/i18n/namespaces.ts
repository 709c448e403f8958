import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE } from './languages';

type Messages = Record<string, unknown>;

/**
 * Each module's texts live in `src/modules/<module>/locales/<language>.json`, a namespace named
 * after the module, loaded with the module's screen rather than with the entry; shared pieces
 * with texts of their own (`src/components/resource`) work the same way.
 */
const files = import.meta.glob<{ default: Messages }>(['../modules/*/locales/*.json', '../components/*/locales/*.json']);

/** `../modules/couriers/locales/en.json` -> `couriers` */
export const namespaceOf = (path: string) => path.split('/')[2]!;

function fileOf(namespace: string, language: string): (() => Promise<{ default: Messages }>) | undefined {
  return files[`../modules/${namespace}/locales/${language}.json`] ?? files[`../components/${namespace}/locales/${language}.json`];
}

const wanted = new Set<string>();

async function add(i18n: I18n, namespace: string, language: string): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = fileOf(namespace, language);
  if (!load) return; // no texts of its own in this language (th, vi): English answers
  const { default: messages } = await load();
  i18n.addResourceBundle(language, namespace, messages, true, false);
}

/** Loads the namespaces in the current language and in English (the fallback). */
export async function loadNamespaces(i18n: I18n, namespaces: readonly string[]): Promise<void> {
  namespaces.forEach((namespace) => wanted.add(namespace));
  const languages = [...new Set([DEFAULT_LANGUAGE, i18n.language])];
  await Promise.all(namespaces.flatMap((namespace) => languages.map((language) => add(i18n, namespace, language))));
}

/** After a language switch: the namespaces loaded so far, in the new language. */
export async function reloadNamespaces(i18n: I18n, language: string): Promise<void> {
  await Promise.all([...wanted].map((namespace) => add(i18n, namespace, language)));
}

/** Every module namespace with texts, for the completeness test. */
export function knownNamespaces(): string[] {
  return [...new Set(Object.keys(files).map(namespaceOf))];
}
