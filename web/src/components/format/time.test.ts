import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { presetRange } from './datePresets';
import { dayRangeInstants, formatTime, fromWall, getDisplayZone, offsetLabel, setDisplayZone, toWall, wallNow, zoneLabel } from './time';

const instant = '2026-11-24T12:00:00Z';

describe('one time format: the instant in the user zone, labelled with its offset', () => {
  afterEach(() => setDisplayZone(undefined));

  it.each([
    ['Asia/Jakarta', '2026-11-24 19:00:00 GMT+07:00'],
    ['Asia/Kolkata', '2026-11-24 17:30:00 GMT+05:30'],
    ['America/New_York', '2026-11-24 07:00:00 GMT-05:00'],
    ['Pacific/Auckland', '2026-11-25 01:00:00 GMT+13:00'],
    ['UTC', '2026-11-24 12:00:00 GMT+00:00'],
  ])('writes %s as %s', (zone, shown) => {
    expect(formatTime(instant, zone)).toBe(shown);
  });

  it('uses the zone set from the session, whatever zone the browser is in', () => {
    setDisplayZone('Asia/Jakarta');
    expect(getDisplayZone()).toBe('Asia/Jakarta');
    expect(formatTime('2026-11-24T17:30:00Z')).toBe('2026-11-25 00:30:00 GMT+07:00');
    setDisplayZone('Not/AZone');
    expect(getDisplayZone()).toBe(dayjs.tz.guess());
  });

  it('labels each instant with its own offset across summer time', () => {
    expect(formatTime('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('2026-07-01 14:00:00 GMT+02:00');
    expect(formatTime('2026-01-01T12:00:00Z', 'Europe/Berlin')).toBe('2026-01-01 13:00:00 GMT+01:00');
    expect(zoneLabel('Asia/Jakarta')).toBe('GMT+07:00');
    expect(offsetLabel(-210)).toBe('GMT-03:30');
  });

  it('leaves empty and unreadable values blank', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatTime('yesterday-ish')).toBe('');
  });
});

describe('date filters and presets (SPEC §9) follow the user zone', () => {
  it('sends two days as the instants of their start and end in the zone', () => {
    expect(dayRangeInstants('2026-11-01', '2026-11-30', 'Asia/Jakarta')).toEqual(['2026-11-01T00:00:00+07:00', '2026-11-30T23:59:59.999+07:00']);
    expect(dayRangeInstants('2026-03-08', '2026-03-08', 'America/New_York')).toEqual(['2026-03-08T00:00:00-05:00', '2026-03-08T23:59:59.999-04:00']);
    expect(dayRangeInstants('2026-11-01', 'soon', 'Asia/Jakarta')).toBeUndefined();
  });

  // 17:30 UTC on Tuesday 2026-11-24 is already Wednesday 00:30 in Jakarta, still Tuesday 12:30 in New York.
  const now = '2026-11-24T17:30:00Z';
  const instants = (range: [dayjs.Dayjs, dayjs.Dayjs], zone: string) => range.map((wall) => fromWall(wall, zone).toISOString());

  it.each([
    ['Asia/Jakarta', 'today', ['2026-11-24T17:00:00.000Z', '2026-11-25T16:59:59.999Z']],
    ['America/New_York', 'today', ['2026-11-24T05:00:00.000Z', '2026-11-25T04:59:59.999Z']],
    ['Asia/Jakarta', 'yesterday', ['2026-11-23T17:00:00.000Z', '2026-11-24T16:59:59.999Z']],
    ['Asia/Jakarta', 'week', ['2026-11-22T17:00:00.000Z', '2026-11-25T16:59:59.999Z']],
    ['America/New_York', 'month', ['2026-11-01T04:00:00.000Z', '2026-11-25T04:59:59.999Z']],
  ] as const)('in %s, %s covers the zone days %j', (zone, preset, expected) => {
    expect(instants(presetRange(preset, wallNow(zone, now)), zone)).toEqual(expected);
  });

  it('shows a picked instant on the zone clock and reads it back as the same instant', () => {
    const wall = toWall('2026-11-24T17:30:00Z', 'Asia/Jakarta');
    expect(wall.format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 00:30');
    expect(fromWall(wall, 'Asia/Jakarta').toISOString()).toBe('2026-11-24T17:30:00.000Z');
  });
});
