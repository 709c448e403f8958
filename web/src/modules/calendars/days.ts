import type { Dayjs } from 'dayjs';
import type { CalendarDay, DayKind } from './api';

export const DAY_FORMAT = 'YYYY-MM-DD';

/** The marked days of a calendar by date (`2026-10-01` -> its entry). */
export function byDate(days: readonly CalendarDay[]): Map<string, CalendarDay> {
  return new Map(days.map((day) => [day.day, day]));
}

/**
 * SPEC §9: whether work time applies on a day. Weekdays are working days unless marked a holiday;
 * weekends are not, unless marked a make-up working day.
 */
export function isWorkingDay(date: Dayjs, marked: CalendarDay | undefined): boolean {
  if (marked) return marked.kind === 'WORKDAY';
  const weekday = date.day();
  return weekday !== 0 && weekday !== 6;
}

/** What the operator picked for a day: a kind, or none to unmark it. */
export interface DayChoice {
  kind: DayKind | 'NONE';
  name: string;
}

export type DayChange =
  | { action: 'add'; kind: DayKind; name: string }
  | { action: 'modify'; id: number; kind: DayKind; name: string }
  | { action: 'remove'; id: number }
  | { action: 'none' };

/** The call that turns a day's current mark into the chosen one. */
export function dayChange(current: CalendarDay | undefined, choice: DayChoice): DayChange {
  const name = choice.name.trim();
  if (choice.kind === 'NONE') return current ? { action: 'remove', id: current.id } : { action: 'none' };
  if (!current) return { action: 'add', kind: choice.kind, name };
  if (current.kind === choice.kind && current.name === name) return { action: 'none' };
  return { action: 'modify', id: current.id, kind: choice.kind, name };
}

/** The mark a click suggests for an unmarked day: a weekday becomes a holiday, a weekend day a make-up working day. */
export function suggestedKind(date: Dayjs): DayKind {
  const weekday = date.day();
  return weekday === 0 || weekday === 6 ? 'WORKDAY' : 'HOLIDAY';
}
