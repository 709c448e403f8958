import type { Dayjs } from 'dayjs';
import { wallNow } from './time';

/** SPEC §9: the date presets of every range picker. */
export const DATE_PRESETS = ['yesterday', 'today', 'week', 'month', 'quarter', 'year'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

function startOfQuarter(day: Dayjs): Dayjs {
  return day.month(Math.floor(day.month() / 3) * 3).startOf('month');
}

/**
 * The range a preset stands for, from the start of its first day to the end of `now`'s day
 * (week starts on Monday): "this week" on a Wednesday is Monday 00:00 to Wednesday 23:59:59.
 * Days are the user's zone's: `now` is a wall-clock value of that zone (see `wallNow` in ./time).
 */
export function presetRange(preset: DatePreset, now: Dayjs = wallNow()): [Dayjs, Dayjs] {
  const endOfToday = now.endOf('day');
  switch (preset) {
    case 'yesterday': {
      const yesterday = now.subtract(1, 'day');
      return [yesterday.startOf('day'), yesterday.endOf('day')];
    }
    case 'today':
      return [now.startOf('day'), endOfToday];
    case 'week': {
      const sinceMonday = (now.day() + 6) % 7;
      return [now.subtract(sinceMonday, 'day').startOf('day'), endOfToday];
    }
    case 'month':
      return [now.startOf('month'), endOfToday];
    case 'quarter':
      return [startOfQuarter(now), endOfToday];
    case 'year':
      return [now.startOf('year'), endOfToday];
  }
}

/** Presets in the shape Ant Design's RangePicker takes, labelled by `label(preset)`. */
export function rangePresets(label: (preset: DatePreset) => string, now: Dayjs = wallNow()) {
  return DATE_PRESETS.map((preset) => ({ label: label(preset), value: presetRange(preset, now) }));
}
