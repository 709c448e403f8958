import type { Dayjs } from 'dayjs';
import { wallNow } from '../../components/format/time';

/** SPEC §5: audit (and event) date ranges cannot exceed 92 days; the server checks the same. */
export const MAX_RANGE_DAYS = 92;
const MAX_RANGE_MS = MAX_RANGE_DAYS * 24 * 60 * 60 * 1000;

export type RangeProblem = 'order' | 'tooLong';

export function rangeProblem(start: Dayjs, end: Dayjs): RangeProblem | undefined {
  if (end.isBefore(start)) return 'order';
  if (end.valueOf() - start.valueOf() > MAX_RANGE_MS) return 'tooLong';
  return undefined;
}

/** The range a search starts with: the last seven days of the user's zone, today included. */
export function defaultRange(now: Dayjs = wallNow()): [Dayjs, Dayjs] {
  return [now.subtract(6, 'day').startOf('day'), now.endOf('day')];
}
