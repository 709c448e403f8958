import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, rangeProblem } from './range';

describe('audit date range (SPEC §5: ranges cannot exceed 92 days)', () => {
  const start = dayjs('2026-01-01T00:00:00Z');

  it('takes exactly 92 days', () => {
    expect(rangeProblem(start, start.add(92, 'day'))).toBeUndefined();
  });

  it("refuses more: 'selected time cannot exceed 92 days'", () => {
    expect(rangeProblem(start, start.add(92, 'day').add(1, 'second'))).toBe('tooLong');
    expect(rangeProblem(start, start.add(1, 'year'))).toBe('tooLong');
  });

  it('refuses an end before the start', () => {
    expect(rangeProblem(start, start.subtract(1, 'minute'))).toBe('order');
  });

  it('starts with the last seven days', () => {
    const [from, to] = defaultRange(dayjs('2026-03-10T15:00:00'));
    expect(from.format('YYYY-MM-DD HH:mm')).toBe('2026-03-04 00:00');
    expect(to.format('YYYY-MM-DD HH:mm')).toBe('2026-03-10 23:59');
    expect(rangeProblem(from, to)).toBeUndefined();
  });
});
