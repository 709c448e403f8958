import type { Column, Row } from './types';

/** One column's place and visibility in a user's table (saved through `front/table-display`). */
export interface ColumnDisplay {
  key: string;
  visible: boolean;
}

function savedList(saved: unknown): ColumnDisplay[] {
  const list = Array.isArray(saved) ? saved : (saved as { columns?: unknown } | null)?.columns;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is ColumnDisplay => typeof item?.key === 'string' && typeof item?.visible === 'boolean',
  );
}

/**
 * The saved order and visibility, for the columns that still exist; columns added since come
 * after them with their default visibility.
 */
export function mergeDisplay(columns: readonly Column<Row>[], saved: unknown): ColumnDisplay[] {
  const keys = new Set(columns.map((column) => column.key));
  const kept = savedList(saved).filter((item) => keys.has(item.key));
  const seen = new Set(kept.map((item) => item.key));
  const added = columns.filter((column) => !seen.has(column.key)).map((column) => ({ key: column.key, visible: !column.hidden }));
  return [...kept, ...added];
}

export function visibleColumns<C extends Column<Row>>(columns: readonly C[], display: readonly ColumnDisplay[]): C[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return display.filter((item) => item.visible).flatMap((item) => byKey.get(item.key) ?? []);
}

export function toggleColumn(display: readonly ColumnDisplay[], key: string, visible: boolean): ColumnDisplay[] {
  const next = display.map((item) => (item.key === key ? { ...item, visible } : item));
  return next.some((item) => item.visible) ? next : [...display]; // at least one column stays
}

export function moveColumn(display: readonly ColumnDisplay[], key: string, by: -1 | 1): ColumnDisplay[] {
  const from = display.findIndex((item) => item.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= display.length) return [...display];
  const next = [...display];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
