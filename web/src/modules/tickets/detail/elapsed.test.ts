import { describe, expect, it } from 'vitest';
import { elapsedDisplay } from './elapsed';

describe('SPEC §9: "Elapsed-time display: up to 300 minutes as minutes, under 4320 as hours, otherwise days"', () => {
  it.each([
    [0, 0, 'minutes'],
    [59.9, 59, 'minutes'],
    [300, 300, 'minutes'],
    [301, 5, 'hours'],
    [359, 5, 'hours'],
    [4319, 71, 'hours'],
    [4320, 3, 'days'],
    [10_000, 6, 'days'],
  ])('%s minutes show as %s %s', (minutes, value, unit) => {
    expect(elapsedDisplay(minutes)).toEqual({ value, unit });
  });

  it('never shows a negative amount', () => {
    expect(elapsedDisplay(-5)).toEqual({ value: 0, unit: 'minutes' });
  });
});
