import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The one way the console shows an instant: on the clocks of the signed-in user's time zone, labelled with
 * that instant's offset, `2026-11-24 14:05:00 GMT+07:00` (the server writes exports and mails the same way).
 * The zone is the user's own (profile center), else the default business calendar's; before a session
 * exists (login, health) it is the browser's.
 */
const DISPLAY = 'YYYY-MM-DD HH:mm:ss';
const WALL = 'YYYY-MM-DDTHH:mm:ss.SSS';

let displayZone = browserZone();

export function browserZone(): string {
  return dayjs.tz.guess() || 'UTC';
}

/** True for an IANA zone name the browser knows (`Asia/Jakarta`), false for anything else. */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function setDisplayZone(zone: string | null | undefined): void {
  displayZone = isTimeZone(zone) ? zone : browserZone();
}

export function getDisplayZone(): string {
  return displayZone;
}

/** `GMT+07:00`, `GMT-03:30`, `GMT+00:00`, from minutes east of UTC (the way SPEC §9 names zones). */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(Math.round(minutes));
  return `GMT${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The instant on the zone's clocks (a dayjs carrying the zone). */
export function inZone(value: string | number | Date | Dayjs, zone: string = displayZone): Dayjs {
  return dayjs(value).tz(zone);
}

/** `2026-11-24 14:05:00 GMT+07:00`; empty and unreadable values give an empty string (a blank cell). */
export function formatTime(value: string | number | Date | Dayjs | null | undefined, zone: string = displayZone): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = dayjs(value);
  if (!instant.isValid()) return '';
  const local = instant.tz(zone);
  return `${local.format(DISPLAY)} ${offsetLabel(local.utcOffset())}`;
}

/** The label of the zone as it stands now (or at `at`), for a column header or a picker: `GMT+07:00`. */
export function zoneLabel(zone: string = displayZone, at: string | number | Date | Dayjs = Date.now()): string {
  return offsetLabel(dayjs(at).tz(zone).utcOffset());
}

/*
 * Date pickers show and pick "wall clock" values: a browser-local dayjs whose fields read as the user's
 * zone's clock. These two convert at the picker's edge, so days and presets follow the user's zone even
 * when the browser sits in another one.
 */

/** The instant as a wall-clock value of the zone, for a date picker. */
export function toWall(value: string | number | Date | Dayjs, zone: string = displayZone): Dayjs {
  return dayjs(dayjs(value).tz(zone).format(WALL));
}

/** A picked wall-clock value as the instant it stands for in the zone. */
export function fromWall(wall: Dayjs, zone: string = displayZone): Dayjs {
  return dayjs.tz(wall.format(WALL), zone);
}

/** "Now" as a wall-clock value of the zone (what presets start from). */
export function wallNow(zone: string = displayZone, now: string | number | Date | Dayjs = Date.now()): Dayjs {
  return toWall(now, zone);
}

/**
 * Two calendar days (`YYYY-MM-DD`) of the zone as the instants from the first day's start to the last
 * day's end, written with the zone's offset (`2026-11-01T00:00:00+07:00`), as filters send them.
 */
export function dayRangeInstants(from: string, to: string, zone: string = displayZone): [string, string] | undefined {
  if (!isDay(from) || !isDay(to)) return undefined;
  const last = dayjs.tz(nextDay(to), zone).subtract(1, 'millisecond');
  return [dayStart(from, zone), last.format('YYYY-MM-DDTHH:mm:ss.SSSZ')];
}

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid();

/** `2026-11-30` -> `2026-12-01` (calendar arithmetic, no zone involved). */
export function nextDay(day: string): string {
  return dayjs(day).add(1, 'day').format('YYYY-MM-DD');
}

/** The start of a day of the zone, with the zone's offset: `2026-11-01T00:00:00+07:00`. */
export function dayStart(day: string, zone: string = displayZone): string {
  return dayjs.tz(day, zone).format();
}

/** Every zone the browser knows, for a picker. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : ['UTC', ...names];
}
