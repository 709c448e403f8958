import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Resource, Row } from '../components/resource/types';

/**
 * An enumeration's value is shown as its label in the reader's language, never as its code (SYS_ERP): every
 * column of a resource whose field the list's reply declares as an enumeration (openapi.json) says which one
 * (`type: 'enum', enum: '<Name>'`, translated by GET /cms/common/enums) or formats the value itself.
 */
const declarations = import.meta.glob<Record<string, unknown>>(['./*/resource*.{ts,tsx}', './*/reconciliation.ts', '!./**/*.test.*'], { eager: true });

interface Schema { $ref?: string; anyOf?: Schema[]; items?: Schema; enum?: unknown[]; title?: string; properties?: Record<string, Schema> }
const openapi = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

/** The schema behind a reference, a nullable or a list. */
function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(openapi.components.schemas[schema.$ref.split('/').pop()!]);
  if (schema.anyOf) return resolve(schema.anyOf.find((one) => !('type' in one && (one as { type?: string }).type === 'null')));
  if (schema.items) return resolve(schema.items);
  return schema;
}

/** The fields of one row of a resource's list (`POST /cms/<api>/search`). */
function rowOf(resource: Resource<Row>): Record<string, Schema> | undefined {
  const reply = openapi.paths[`/cms/${resource.api}/search`]?.post?.responses?.['200']?.content?.['application/json']?.schema;
  const page = resolve(resolve(reply)?.properties?.data);
  return resolve(page?.properties?.items)?.properties;
}

const isResource = (value: unknown): value is Resource<Row> =>
  typeof value === 'object' && value !== null && typeof (value as Resource<Row>).api === 'string' && Array.isArray((value as Resource<Row>).columns);

function resources(): [string, Resource<Row>][] {
  return Object.entries(declarations).flatMap(([path, exported]) =>
    Object.values(exported).filter(isResource).map((resource): [string, Resource<Row>] => [path.replace(/^\.\//, ''), resource]));
}

/** "module/file resource.key (the enumeration)" of each column showing an enumeration's code. */
function rawCodes(): string[] {
  const found: string[] = [];
  for (const [file, resource] of resources()) {
    const row = rowOf(resource);
    for (const column of resource.columns) {
      const field = resolve(row?.[column.key]);
      if (!field?.enum || column.table === false) continue;
      if (column.format) continue;
      if (column.type === 'enum' && column.enum === field.title) continue;
      found.push(`${file} ${resource.name}.${column.key} (${field.title}${column.enum ? `, declares ${column.enum}` : ''})`);
    }
  }
  return found;
}

describe('enumeration columns', () => {
  it('reads the rows of the lists from the schema', () => {
    const read = resources().filter(([, resource]) => rowOf(resource));
    expect(read.length).toBeGreaterThan(40);
  });

  it('show labels, never codes: each declares its enumeration', () => {
    expect(rawCodes()).toEqual([]);
  });
});
