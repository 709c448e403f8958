import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The reply of `GET /cms/common/enums` as the server builds it, from its own label files
 * (domain/locales/<language>/*.json, `enums.<Enum>.<VALUE>`): a value the server has no label for is absent here,
 * so a screen would show its code and a test asserting the label fails.
 */
export function serverEnums(language = 'en'): Record<string, { value: string; label: string }[]> {
  const folder = join(__dirname, '..', '..', '..', 'domain', 'locales', language);
  const every: Record<string, { value: string; label: string }[]> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const texts = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>;
    for (const [key, label] of Object.entries(texts)) {
      const [head, name, ...value] = key.split('.');
      if (head !== 'enums' || !name || !value.length) continue;
      (every[name] ??= []).push({ value: value.join('.'), label });
    }
  }
  return every;
}
