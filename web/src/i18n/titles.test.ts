import { describe, expect, it } from 'vitest';
import { asTitle } from './titles';
import en from '../components/resource/locales/en.json';
import id from '../components/resource/locales/id.json';
import zh from '../components/resource/locales/zh-CN.json';

const fill = (template: string, entity: string) => template.replace('{{entity}}', entity);

describe('drawer and dialog titles are capitalised like the rest', () => {
  it.each([
    ['en', en.resource.detailTitle, 'courier', 'Courier details'],
    ['en', en.resource.detailTitle, 'WhatsApp group', 'WhatsApp group details'],
    ['id', id.resource.detailTitle, 'kurir', 'Detail kurir'],
    ['zh-CN', zh.resource.detailTitle, '物流商', '物流商详情'],
    ['en', en.resource.addTitle, 'inbound or outbound order', 'Add inbound or outbound order'],
  ])('%s: %s of %s', (language, template, entity, title) => {
    expect(asTitle(fill(template, entity), language)).toBe(title);
  });
});

/**
 * The titles screens build by hand (a drawer, a dialog, a card: `title={t('key', ...)}` in src/modules) read
 * capitalised in every language, as the kit's do: the text of each key they may show starts with no lower-case
 * letter (a `{{name}}` it starts with is the record's own name, written as its owner wrote it).
 */
const screens = import.meta.glob<string>(['../modules/**/*.tsx', '!../modules/**/*.test.tsx'], { eager: true, query: '?raw', import: 'default' });
const texts = import.meta.glob<Record<string, unknown>>('../modules/*/locales/*.json', { eager: true, import: 'default' });

function flat(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flat(value as Record<string, unknown>, `${prefix}${key}.`));
}

/** "module/file key (language): text" of each hand-built title starting with a lower-case letter. */
function lowerCaseTitles(): string[] {
  const found: string[] = [];
  for (const [path, source] of Object.entries(screens)) {
    const module = path.split('/')[2] ?? '';
    for (const match of source.matchAll(/title=\{t\(([^,)]*)/g)) {
      // a key, a choice of keys ('a' : 'b'), or a family of keys (`detail.actions.${action}`)
      const keys = [...(match[1] ?? '').matchAll(/'([\w.:]+)'|`([\w.:]+)\$\{/g)].map(([, key, family]) => ({ key: key ?? family ?? '', family: !key }));
      for (const { key, family } of keys) {
        const [namespace = module, name = key] = key.includes(':') ? key.split(':') : [module, key];
        for (const language of ['en', 'id', 'zh-CN']) {
          const tree = texts[`../modules/${namespace}/locales/${language}.json`];
          if (!tree) continue;
          for (const [each, text] of flat(tree)) {
            if ((family ? each.startsWith(name) : each === name) && /^\p{Ll}/u.test(text)) found.push(`${path.slice(3)} ${each} (${language}): ${text}`);
          }
        }
      }
    }
  }
  return found;
}

describe('hand-built drawer, dialog and card titles', () => {
  it('are read from the screens', () => {
    expect(Object.keys(screens).length).toBeGreaterThan(100);
  });

  it('start with a capital letter in every language', () => {
    expect(lowerCaseTitles()).toEqual([]);
  });
});
