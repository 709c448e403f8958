import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { CalendarDay } from './api';
import { byDate, dayChange, isWorkingDay, suggestedKind } from './days';

const holiday: CalendarDay = { id: 7, calendarId: 1, day: '2026-10-01', kind: 'HOLIDAY', name: 'National Day' };
const makeUp: CalendarDay = { id: 8, calendarId: 1, day: '2026-10-10', kind: 'WORKDAY', name: '' };

describe('business calendar days (SPEC §9: work time on working days, not on holidays or weekends)', () => {
  it('finds a day by its date', () => {
    expect(byDate([holiday, makeUp]).get('2026-10-10')).toBe(makeUp);
  });

  it('treats weekdays as working days unless a holiday, weekends as not unless a make-up day', () => {
    expect(isWorkingDay(dayjs('2026-10-01'), holiday)).toBe(false); // a Thursday
    expect(isWorkingDay(dayjs('2026-10-02'), undefined)).toBe(true);
    expect(isWorkingDay(dayjs('2026-10-10'), makeUp)).toBe(true); // a Saturday
    expect(isWorkingDay(dayjs('2026-10-11'), undefined)).toBe(false);
  });

  it('suggests a holiday for a weekday and a make-up working day for a weekend day', () => {
    expect(suggestedKind(dayjs('2026-10-01'))).toBe('HOLIDAY');
    expect(suggestedKind(dayjs('2026-10-11'))).toBe('WORKDAY');
  });

  it('turns the choice into the one call needed, or none', () => {
    expect(dayChange(undefined, { kind: 'HOLIDAY', name: ' Founders Day ' })).toEqual({ action: 'add', kind: 'HOLIDAY', name: 'Founders Day' });
    expect(dayChange(holiday, { kind: 'HOLIDAY', name: 'National Day' })).toEqual({ action: 'none' });
    expect(dayChange(holiday, { kind: 'WORKDAY', name: 'National Day' })).toEqual({ action: 'modify', id: 7, kind: 'WORKDAY', name: 'National Day' });
    expect(dayChange(holiday, { kind: 'NONE', name: '' })).toEqual({ action: 'remove', id: 7 });
    expect(dayChange(undefined, { kind: 'NONE', name: '' })).toEqual({ action: 'none' });
  });
});
