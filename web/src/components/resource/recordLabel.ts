import type { Translate } from '../../i18n';
import type { Resource, Row } from './types';

const NAMING_FIELDS = ['name', 'title', 'code', 'username', 'email', 'sku', 'number'];

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** How a confirmation names a record: the resource's own label, else its first key column holding a value, else a
 *  field that usually names a record, else its id. */
export function recordLabel<R extends Row>(resource: Resource<R>, row: R, t: Translate): string {
  if (resource.label) return resource.label(row, t);
  const keys = resource.columns.filter((column) => column.priority === 'key' && column.type !== 'enum').map((column) => column.key);
  for (const key of [...keys, ...NAMING_FIELDS]) {
    const value = text(row[key]);
    if (value) return value;
  }
  return `#${row.id}`;
}

/** Up to this many records are named one by one in a batch's confirmation; the rest are counted. */
export const NAMED_IN_BATCH = 10;

export function batchLabel<R extends Row>(resource: Resource<R>, rows: readonly R[], t: Translate): string {
  const named = rows.slice(0, NAMED_IN_BATCH).map((row) => recordLabel(resource, row, t));
  const rest = rows.length - named.length;
  return rest > 0 ? `${named.join(', ')} ${t('resource.andMore', { count: rest })}` : named.join(', ');
}

/** An entity's name as a label ("deploy project" -> "Deploy project"). */
export const entityLabel = (entity: string) => entity.charAt(0).toUpperCase() + entity.slice(1);
