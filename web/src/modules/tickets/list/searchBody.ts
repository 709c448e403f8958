import { stripEmpty, type FilterValue, type ListState } from '../../../components/resource/listState';
import type { TicketScope } from '../api';
import { dayRangeInstants } from '../../../components/format/time';

export const DEFAULT_SORT = '-id';

type Filters = Record<string, FilterValue>;

const one = (value: FilterValue | undefined) => (Array.isArray(value) ? value[0] : value);
const many = (value: FilterValue | undefined) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

function userId(value: FilterValue | undefined): number | undefined {
  const id = Number(one(value));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function yesNo(value: FilterValue | undefined): boolean | undefined {
  const text = one(value);
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** Two days of the user's zone, as the instants from the start of the first to the end of the last. */
function dayRange(value: FilterValue | undefined): string[] | undefined {
  const days = many(value);
  return days?.length === 2 ? dayRangeInstants(days[0]!, days[1]!) : undefined;
}

/** The scope of the address when the list offers it, else the list's first one. */
export function scopeOf(filters: Filters, scopes: readonly TicketScope[]): TicketScope {
  const asked = one(filters.scope) as TicketScope | undefined;
  return asked && scopes.includes(asked) ? asked : scopes[0]!;
}

/** The filters of the address as `POST ticket/search` wants them: typed, ranges as instants, empty ones left out. */
export function ticketFilters(filters: Filters, scopes: readonly TicketScope[]): Record<string, unknown> {
  return stripEmpty({
    scope: scopeOf(filters, scopes),
    keyword: one(filters.keyword),
    status: many(filters.status),
    level: many(filters.level),
    category: many(filters.category),
    application: many(filters.application),
    issueType: many(filters.issueType),
    assigneeId: userId(filters.assigneeId),
    picId: userId(filters.picId),
    accountId: one(filters.accountId),
    createdAt: dayRange(filters.createdAt),
    breached: yesNo(filters.breached),
    merged: yesNo(filters.merged),
  });
}

/** `POST ticket/search` body of a list state (SPEC §5: empty fields stripped). */
export function ticketSearchBody(state: ListState, scopes: readonly TicketScope[]): Record<string, unknown> {
  return { ...ticketFilters(state.filters, scopes), page: state.page, pageSize: state.pageSize, sort: state.sort ?? DEFAULT_SORT };
}
