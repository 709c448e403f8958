/** A logged body as readable text: JSON pretty-printed, anything else as it came. */
export function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One before or after value of the diff view; absent values are empty. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
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
