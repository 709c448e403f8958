import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';
import id from './id.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

function text(tree: object, path: string): string {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;
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
});
