import { formatTime } from '../../components/format/time';

/** A logged body as readable text: JSON pretty-printed, anything else as it came. */
export function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** One before or after value of the diff view; absent values are empty, stored times read in the user's zone. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatTime(value) : value;
  return JSON.stringify(value);
}

/** A change between two lists (authorities, roles, members): what it added and what it removed. */
export interface ListChange {
  added: string[];
  removed: string[];
}

/** Lists on both sides (or one side empty) read better as what was added and removed than as two arrays. */
export function listChange(before: unknown, after: unknown): ListChange | undefined {
  const asList = (value: unknown) => (value === null || value === undefined ? [] : Array.isArray(value) ? value.map((item) => shownValue(item)) : undefined);
  const was = asList(before);
  const is = asList(after);
  if (!was || !is || (!Array.isArray(before) && !Array.isArray(after))) return undefined;
  return { added: is.filter((item) => !was.includes(item)), removed: was.filter((item) => !is.includes(item)) };
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** `{field: {before, after}}` of an entity change as rows, in field order. */
export function changeRows(changes: Record<string, unknown>): FieldChange[] {
  return Object.entries(changes)
    .map(([field, change]) => {
      const pair = (change ?? {}) as { before?: unknown; after?: unknown };
      return { field, before: pair.before, after: pair.after };
    })
    .sort((a, b) => a.field.localeCompare(b.field));
}
