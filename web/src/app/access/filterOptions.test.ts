import { describe, expect, it } from 'vitest';
import { findOperation, permissionOf, type Operation } from './operations';
import { filterOptions, type Resource } from '../../components/resource/types';
import { isReference } from '../../components/ReferenceSelect';

function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && 'api' in value && 'columns' in value && 'actions' in value;
}

const modules = import.meta.glob<Record<string, unknown>>(['../../modules/**/*.{ts,tsx}', '!**/*.test.*', '!**/*.spec.*'], {
  eager: true,
});
const resources = Object.values(modules).flatMap((exports) => Object.values(exports).filter(isResource));
const ANYONE = ['@authenticated', 'public'];

/** Every (list, filter, options route) of the product's lists whose filter is a picker over an options route. */
const pairs = resources.flatMap((resource) =>
  resource.columns.flatMap((column) => {
    const input = filterOptions(column)?.input;
    return isReference(input) ? [[`${resource.name}: ${column.key} (${input.reference})`, resource, input.reference] as const] : [];
  }),
);

describe("a list's filters answer whoever may see the list", () => {
  it('finds the pickers used as filters', () => {
    expect(pairs.map(([name]) => name)).toContain('merchants: whatsappGroupId (/cms/whatsapp-group/options)');
  });

  it.each(pairs)('%s admits every reader of the list', (_, resource, path) => {
    const list = findOperation('POST', `/cms/${resource.api}/search`)!;
    const options = permissionOf(`GET ${path}` as Operation);
    expect(options).toBeDefined();
    if (options.some((code) => ANYONE.includes(code))) return;
    expect(permissionOf(list).filter((code) => !options.includes(code))).toEqual([]);
  });
});
