import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, offsetMinutes, TIME_ZONES, timeZoneOptions } from './timeZones';

describe('time zones (SPEC §9: "Timezones GMT+01:00 to GMT+12:00")', () => {
  it('lists the twelve zones from GMT+01:00 to GMT+12:00', () => {
    expect(TIME_ZONES).toHaveLength(12);
    expect(TIME_ZONES[0]).toBe('GMT+01:00');
    expect(TIME_ZONES[6]).toBe('GMT+07:00');
    expect(TIME_ZONES[11]).toBe('GMT+12:00');
  });

  it('knows each offset in minutes', () => {
    expect(offsetMinutes('GMT+08:00')).toBe(480);
    expect(offsetMinutes('GMT+12:00')).toBe(720);
    expect(offsetMinutes('UTC')).toBeUndefined();
  });

  it('defaults to a zone it offers, as select options', () => {
    expect(TIME_ZONES).toContain(DEFAULT_TIME_ZONE);
    expect(timeZoneOptions()[0]).toEqual({ value: 'GMT+01:00', label: 'GMT+01:00' });
  });
});
