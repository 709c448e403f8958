import type { components } from '../../api/schema';
import { resourceApi } from '../../components/resource';

export type BusinessCalendar = components['schemas']['CalendarPublic'];
export type CalendarDay = components['schemas']['CalendarDayPublic'];
export type DayKind = CalendarDay['kind'];

/** A year holds at most a few dozen marked days; one page of this size fetches them all. */
const YEAR_PAGE = 500;

const days = resourceApi<CalendarDay>('ticket-calendar-day');

/** Holidays and make-up working days of the calendars (api/routers/calendars.py). */
export const dayApi = {
  ofYear: (calendarId: number, year: number, signal?: AbortSignal) =>
    days.search({ calendarId, day: [`${year}-01-01`, `${year}-12-31`], page: 1, pageSize: YEAR_PAGE, sort: 'day' }, signal),
  add: (day: Omit<CalendarDay, 'id'>) => days.add(day),
  modify: (day: Pick<CalendarDay, 'id' | 'kind' | 'name'>) => days.modify(day),
  remove: (id: number) => days.remove(id),
};
