import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';
import id from './id.json';

const placeholders = (text: string) => [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]))].sort();

/** i18next plural forms (`minutes_one`, `minutes_other`): each language has the forms its grammar needs. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The keys a translation must have: a plural key counts once, under its `_other` form that every language has. */
function keys(tree: object, prefix = ''): string[] {
  const all = rawKeys(tree, prefix).filter((key) => !PLURAL.test(key) || key.endsWith('_other'));
  return [...new Set(all)];
}

function rawKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? rawKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function text(tree: object, path: string): string {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;
}

/** Full-width punctuation (`？`, `，`, `：`) belongs to Chinese texts, not to English or Indonesian ones. */
const FULL_WIDTH = /[\u3000-\u303f\uff01-\uff5e]/;

function fullWidthTexts(tree: object): string[] {
  return rawKeys(tree).filter((key) => FULL_WIDTH.test(text(tree, key)));
}

describe('language files (DESIGN: en, zh-CN and id are complete)', () => {
  it.each([
    ['zh-CN', zhCN],
    ['id', id],
  ])('%s has exactly the keys of en', (_, messages) => {
    expect(keys(messages).sort()).toEqual(keys(en).sort());
  });

  it.each([
    ['zh-CN', zhCN],
    ['id', id],
  ])('%s uses the same {{placeholders}} as en', (_, messages) => {
    for (const key of keys(en)) {
      expect(placeholders(text(messages, key)), key).toEqual(placeholders(text(en, key)));
    }
  });

  it.each([
    ['en', en],
    ['id', id],
  ])('%s uses half-width punctuation', (_, messages) => {
    expect(fullWidthTexts(messages)).toEqual([]);
  });

});

/** Namespaces loaded with their screen: `src/modules/<module>/locales/`, `src/components/<kit>/locales/`. */
const moduleFiles = import.meta.glob<{ default: object }>(['../modules/*/locales/*.json', '../components/*/locales/*.json'], { eager: true });

function moduleMessages(namespace: string, language: string): object | undefined {
  const file = moduleFiles[`../modules/${namespace}/locales/${language}.json`] ?? moduleFiles[`../components/${namespace}/locales/${language}.json`];
  return file?.default;
}

const namespaces = [...new Set(Object.keys(moduleFiles).map((path) => path.split('/')[2]!))];

describe('module language files (one namespace a module)', () => {
  it('exist for at least one module', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it.each(namespaces.flatMap((namespace) => [['zh-CN', namespace], ['id', namespace]]))(
    '%s texts of %s have exactly the keys and placeholders of en',
    (language, namespace) => {
      const english = moduleMessages(namespace, 'en');
      const other = moduleMessages(namespace, language);
      expect(english, `${namespace}/locales/en.json`).toBeDefined();
      expect(other, `${namespace}/locales/${language}.json`).toBeDefined();
      expect(keys(other!).sort()).toEqual(keys(english!).sort());
      for (const key of keys(english!)) expect(placeholders(text(other!, key)), key).toEqual(placeholders(text(english!, key)));
    },
  );

  it.each(namespaces.flatMap((namespace) => [['en', namespace], ['id', namespace]]))('%s texts of %s use half-width punctuation', (language, namespace) => {
    expect(fullWidthTexts(moduleMessages(namespace, language)!)).toEqual([]);
  });

});
