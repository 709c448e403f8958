import type { Column, Row } from './types';
import { filterOptions } from './types';

export type FilterValue = string | string[];

/** What a list shows: the page, its size, the sort and the filters; all of it lives in the address. */
export interface ListState {
  page: number;
  pageSize: number;
  sort: string | undefined;
  filters: Record<string, FilterValue>;
}

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** SPEC §5: empty or null fields are stripped from search payloads. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmpty);
  return false;
}

export function stripEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (isEmpty(value)) continue;
    kept[key] = typeof value === 'string' ? value.trim() : Array.isArray(value) ? value.filter((v) => !isEmpty(v)) : value;
  }
  return kept as Partial<T>;
}

/** The list state in an address (`?page=2&sort=-name&channel=A&channel=B`), read against the columns. */
export function readListState(params: URLSearchParams, columns: readonly Column<Row>[], defaultPageSize: number): ListState {
  const filters: Record<string, FilterValue> = {};
  for (const column of columns) {
    const options = filterOptions(column);
    if (!options) continue;
    const values = params.getAll(column.key).filter((v) => v.trim() !== '');
    if (!values.length) continue;
    const isRange = column.type === 'date' || column.type === 'datetime';
    filters[column.key] = options.multiple || isRange ? values : values[0]!;
  }
  return {
    page: positive(params.get('page'), 1),
    pageSize: positive(params.get('pageSize'), defaultPageSize),
    sort: params.get('sort') || undefined,
    filters,
  };
}

/** The address of a list state; defaults are left out so a plain list has a plain address. */
export function listStateParams(state: ListState, defaultPageSize: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(stripEmpty(state.filters))) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== defaultPageSize) params.set('pageSize', String(state.pageSize));
  return params;
}

/** Whether two list states make the same address: a search that changes nothing there must still ask again. */
export function sameAddress(a: ListState, b: ListState, defaultPageSize: number): boolean {
  return listStateParams(a, defaultPageSize).toString() === listStateParams(b, defaultPageSize).toString();
}

/** `POST <api>/search` body: `{page, pageSize, sort, ...filters}` without empty fields. */
export function searchPayload(state: ListState): Record<string, unknown> {
  return stripEmpty({ ...state.filters, page: state.page, pageSize: state.pageSize, sort: state.sort });
}

/** The export takes the same filters and sort, for every page. */
export function exportPayload(state: ListState): Record<string, unknown> {
  return stripEmpty({ ...state.filters, sort: state.sort });
}

/** Antd's sort order of a column under `sort` (`name` ascending, `-name` descending). */
export function sortOrderOf(sort: string | undefined, key: string): 'ascend' | 'descend' | null {
  if (sort === key) return 'ascend';
  if (sort === `-${key}`) return 'descend';
  return null;
}

export function sortOf(key: string | undefined, order: 'ascend' | 'descend' | null | undefined): string | undefined {
  if (!key || !order) return undefined;
  return order === 'descend' ? `-${key}` : key;
}

interface TableSorter {
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/**
 * The page, size and sort after the user touched a table's pager or a column's sort: a new sort or
 * page size goes back to page 1.
 */
export function afterTableChange(
  state: Pick<ListState, 'page' | 'pageSize' | 'sort'>,
  pagination: { current?: number; pageSize?: number },
  sorter: TableSorter | TableSorter[],
): Pick<ListState, 'page' | 'pageSize' | 'sort'> {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const sort = sortOf(one?.columnKey as string | undefined, one?.order);
  const pageSize = pagination.pageSize ?? state.pageSize;
  const restart = sort !== state.sort || pageSize !== state.pageSize;
  return { sort, pageSize, page: restart ? 1 : (pagination.current ?? 1) };
}
