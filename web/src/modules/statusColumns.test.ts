import { describe, expect, it } from 'vitest';
import type { Column, Row } from '../components/resource/types';
import { declaredResources } from '../test/declaredResources';

/**
 * A list's status is what its reader looks for first, so it never leaves a table too narrow for its columns
 * (components/resource/fitColumns.ts): every status or state column of every list is `priority: 'key'`.
 *
 * A column is a status column when its key ends in `status` or `state` (`status`, `mailStatus`, `printState`), or
 * its values are an enumeration named as a status or state (`enum: 'WarehouseDocumentStatus'`: shown as that
 * status's tag). A field that is never a column of the table (`table: false`) is not one.
 */
const STATUS_KEY = /(status|state)$/i;
const STATUS_ENUM = /(Status|State)$/;

export function isStatusColumn(column: Column<Row>): boolean {
  if (column.table === false) return false;
  return STATUS_KEY.test(column.key) || (column.enum !== undefined && STATUS_ENUM.test(column.enum));
}

/** "file export.key" of each status column that may leave its table. */
function leaving(): string[] {
  return declaredResources.flatMap(([name, resource]) =>
    resource.columns.filter((column) => isStatusColumn(column) && column.priority !== 'key').map((column) => `${name}.${column.key}`),
  );
}

describe('status columns', () => {
  it('reads the lists of the screens', () => {
    expect(declaredResources.length).toBeGreaterThan(40);
  });

  it('tells a status column by its key or its enumeration', () => {
    expect(isStatusColumn({ key: 'mailStatus', title: 't' })).toBe(true);
    expect(isStatusColumn({ key: 'result', title: 't', enum: 'JobRecordResult' })).toBe(false);
    expect(isStatusColumn({ key: 'result', title: 't', enum: 'MailSendStatus' })).toBe(true);
    expect(isStatusColumn({ key: 'status', title: 't', table: false })).toBe(false);
    expect(isStatusColumn({ key: 'statusNote', title: 't' })).toBe(false);
  });

  it('stay in every list at every width', () => {
    expect(leaving()).toEqual([]);
  });
});
