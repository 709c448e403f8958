/** SPEC §9: the time zones offered by date filters, GMT+01:00 to GMT+12:00. */
export const TIME_ZONES: readonly string[] = Array.from(
  { length: 12 },
  (_, index) => `GMT+${String(index + 1).padStart(2, '0')}:00`,
);

/** Jakarta's zone, the default of most of the console's merchants. */
export const DEFAULT_TIME_ZONE = 'GMT+07:00';

/** `GMT+08:00` -> 480 (minutes east of UTC); undefined for anything else. */
export function offsetMinutes(zone: string): number | undefined {
  const match = /^GMT\+(\d{2}):(\d{2})$/.exec(zone);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

export function timeZoneOptions() {
  return TIME_ZONES.map((zone) => ({ value: zone, label: zone }));
}
