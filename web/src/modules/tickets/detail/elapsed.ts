import type { Translate } from '../../../i18n';

export type ElapsedUnit = 'minutes' | 'hours' | 'days';

export interface Elapsed {
  value: number;
  unit: ElapsedUnit;
}

const MINUTES_LIMIT = 300;
const HOURS_LIMIT = 4320;

/** SPEC §9: up to 300 minutes as minutes, under 4320 minutes as hours, otherwise days (whole units, rounded down). */
export function elapsedDisplay(minutes: number): Elapsed {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole <= MINUTES_LIMIT) return { value: whole, unit: 'minutes' };
  if (whole < HOURS_LIMIT) return { value: Math.floor(whole / 60), unit: 'hours' };
  return { value: Math.floor(whole / 1440), unit: 'days' };
}

/** "1 minute", "5 hours": the amount in words, plural by the reader's language (i18next `_one`/`_other`). */
export function elapsedText(t: Translate, { value, unit }: Elapsed): string {
  return t(`detail.elapsed.${unit}`, { count: value });
}
