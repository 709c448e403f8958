import { describe, expect, it } from 'vitest';
import { isReference } from '../components/ReferenceSelect';
import { filterOptions, type Column, type Row } from '../components/resource/types';

/**
 * Every field that names another record is picked by that record's label (a merchant by email, a shelf by code, a
 * ticket by number and title), never typed as its id: each form and filter field of every declaration a screen is
 * built from (the resources, and the fields of the hand-built forms) whose key names a record has a picker.
 */
const declarations = import.meta.glob<Record<string, unknown>>(
  ['./*/resource*.{ts,tsx}', './*/reconciliation.ts', './stock-sync/locks.tsx', './**/*{fields,Fields}.ts', './**/columns.tsx', './**/edit.ts', '!./**/*.test.*'],
  { eager: true },
);

/** A key naming another record: `...Id`, `...Ids`, the record itself, or a product by its SKU (`sku`, `skus`). */
const NAMES_A_RECORD = /(Id|Ids)$|^(merchant|warehouse|shelf|ticket|faq|account|sku|skus)$/;

/** Keys ending in `Id` whose record is known by nothing but its number, shown as such in its own list. */
const KNOWN_BY_NUMBER = new Set([
  'authorities/resource.ts authorities.descriptionId', // the key of a translated text, not a record
  'ticket-settings/resources.ts ticket-categories.nameId', // the key of a translated text, not a record
  'ticket-settings/resources.ts ticket-applications.nameId',
  'shops/resource.ts shops.externalShopId', // the channel's own number of the store, typed as the channel shows it
  'shops/resource.ts shops-specific.externalShopId',
  'stock-sync/resources.ts stock-pushes.eventId', // a stock event is its number (the events list's first column)
  'stock/reconciliation.ts stock-drifts.reconciliationId', // a reconciliation run is its number (the runs list)
  'warehouses/resources.ts wms-products.sku', // the product library is where a SKU is made: typed as the merchant names it
]);

const isColumn = (value: unknown): value is Column<Row> =>
  typeof value === 'object' && value !== null && typeof (value as Column<Row>).key === 'string' && typeof (value as Column<Row>).title === 'string';

/** The column lists a module exports: a resource's columns, or a list of fields. */
function columnLists(exported: Record<string, unknown>): [string, Column<Row>[]][] {
  const lists: [string, Column<Row>[]][] = [];
  for (const [name, value] of Object.entries(exported)) {
    if (Array.isArray(value) && value.some(isColumn)) lists.push([name, value.filter(isColumn)]);
    const columns = (value as { columns?: unknown } | null)?.columns;
    if (Array.isArray(columns) && columns.some(isColumn)) lists.push([(value as { name?: string }).name ?? name, columns.filter(isColumn)]);
  }
  return lists;
}

/** "module/file list.key (form|filter)" of each field naming a record without a picker. */
function bareIds(): string[] {
  const found: string[] = [];
  for (const [path, exported] of Object.entries(declarations)) {
    const file = path.replace(/^\.\//, '');
    for (const [list, columns] of columnLists(exported)) {
      for (const column of columns) {
        if (!NAMES_A_RECORD.test(column.key)) continue;
        const where = `${file} ${list}.${column.key}`;
        if (KNOWN_BY_NUMBER.has(where)) continue;
        if (column.form && !isReference(column.form.input)) found.push(`${where} (form)`);
        const filter = filterOptions(column);
        if (filter && !isReference(filter.input)) found.push(`${where} (filter)`);
      }
    }
  }
  return found;
}

describe('fields naming another record', () => {
  it('reads the declarations of the screens', () => {
    expect(Object.keys(declarations)).toEqual(expect.arrayContaining([
      './stock-sync/resources.ts', './stock/moveFields.ts', './stock-sync/dialogFields.ts', './tickets/new/fields.ts', './notices/resource.ts',
    ]));
  });

  it('are pickers showing that record, never a bare id box', () => {
    expect(bareIds()).toEqual([]);
  });

  it('pick a SKU among the products, never type it', () => {
    expect(bareIds().filter((where) => / \S+\.skus? /.test(where))).toEqual([]);
    expect(Object.keys(declarations)).toEqual(expect.arrayContaining(['./stock/moveFields.ts', './stock/resource.ts', './stock-sync/locks.tsx', './stock-sync/dialogFields.ts']));
  });
});
