import dayjs from 'dayjs';
import type { DashboardQuery } from './api';
import { dayStart, nextDay } from '../../components/format/time';

/** SPEC §9 date presets, as the server names them. */
export const PRESETS = ['YESTERDAY', 'TODAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = 'MONTH';

/** What the dashboard shows, kept in the address: `?preset=WEEK`, or `?from=2026-11-01&to=2026-11-15`, and `category`. */
export interface DashboardFilters {
  preset?: Preset;
  /** Inclusive calendar days (YYYY-MM-DD); used when no preset is chosen. */
  range?: [string, string];
  category: string[];
}

const isPreset = (value: string | null): value is Preset => PRESETS.includes(value as Preset);
const isDay = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid());

export function readFilters(params: URLSearchParams): DashboardFilters {
  const category = params.getAll('category').filter((c) => c.trim() !== '');
  const preset = params.get('preset');
  if (isPreset(preset)) return { preset, category };
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && from <= to) return { range: [from, to], category };
  return { preset: DEFAULT_PRESET, category };
}

export function filterParams(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.range && !filters.preset) {
    params.set('from', filters.range[0]);
    params.set('to', filters.range[1]);
  } else if (filters.preset && filters.preset !== DEFAULT_PRESET) {
    params.set('preset', filters.preset);
  }
  for (const category of filters.category) params.append('category', category);
  return params;
}

/**
 * The `POST ticket/dashboard` body. A preset is resolved by the server in the user's time zone; a range
 * of days of that zone runs from the first day's start to the start of the day after the last, [from, to).
 */
export function dashboardBody(filters: DashboardFilters): DashboardQuery {
  const category = filters.category.length ? filters.category : undefined;
  if (filters.range && !filters.preset) {
    const [from, to] = filters.range;
    return { createdAt: [dayStart(from), dayStart(nextDay(to))], category };
  }
  return { preset: filters.preset ?? DEFAULT_PRESET, category };
}

/**
 * The ticket list showing the tickets behind a bar: the same days and categories, merged tickets left
 * out as here, and the bar's status or category (`/system/ticket/list?status=CLOSED&createdAt=...`).
 */
export function ticketListLink(slice: { status?: string; category?: string }, days: { from: string; to: string }, categories: readonly string[]): string {
  const params = new URLSearchParams();
  if (slice.status) params.append('status', slice.status);
  for (const category of slice.category ? [slice.category] : categories) params.append('category', category);
  params.append('createdAt', days.from);
  params.append('createdAt', days.to);
  params.set('merged', 'false');
  return `/system/ticket/list?${params.toString()}`;
}

/**
 * The server's [start, end) as the inclusive days it covers, read in the zone the instants were written
 * in (the user's), not the browser's.
 */
export function shownDays(start: string, end: string): { from: string; to: string } {
  const endDay = end.slice(0, 10);
  const endsAtMidnight = /T00:00(:00(\.0+)?)?/.test(end.slice(10, 23));
  const to = endsAtMidnight ? dayjs(endDay).subtract(1, 'day').format('YYYY-MM-DD') : endDay;
  return { from: start.slice(0, 10), to };
}
