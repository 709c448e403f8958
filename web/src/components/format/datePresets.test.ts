import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_PRESETS, presetRange, rangePresets } from './datePresets';

// A Wednesday in the third month of a quarter.
const now = dayjs('2026-09-16T14:30:00');
const fmt = (range: [dayjs.Dayjs, dayjs.Dayjs]) => range.map((d) => d.format('YYYY-MM-DD HH:mm:ss'));

describe('date presets (SPEC §9: "yesterday, today, week, month, quarter, year")', () => {
  it('offers exactly the six presets, in order', () => {
    expect(DATE_PRESETS).toEqual(['yesterday', 'today', 'week', 'month', 'quarter', 'year']);
  });

  it.each([
    ['yesterday', ['2026-09-15 00:00:00', '2026-09-15 23:59:59']],
    ['today', ['2026-09-16 00:00:00', '2026-09-16 23:59:59']],
    ['week', ['2026-09-14 00:00:00', '2026-09-16 23:59:59']],
    ['month', ['2026-09-01 00:00:00', '2026-09-16 23:59:59']],
    ['quarter', ['2026-07-01 00:00:00', '2026-09-16 23:59:59']],
    ['year', ['2026-01-01 00:00:00', '2026-09-16 23:59:59']],
  ] as const)('%s covers %j', (preset, expected) => {
    expect(fmt(presetRange(preset, now))).toEqual(expected);
  });

  it('starts the week on Monday, also on a Sunday', () => {
    expect(fmt(presetRange('week', dayjs('2026-09-20T08:00:00')))[0]).toBe('2026-09-14 00:00:00');
  });

  it('gives the range picker one labelled preset each', () => {
    const presets = rangePresets((p) => p.toUpperCase(), now);
    expect(presets.map((p) => p.label)).toEqual(['YESTERDAY', 'TODAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR']);
  });
});
