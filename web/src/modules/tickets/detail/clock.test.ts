import { describe, expect, it } from 'vitest';
import { clockState, countdown } from './clock';

const due = '2026-01-01T10:00:00Z';
const at = (iso: string) => Date.parse(iso);

describe('an SLA clock ticks against the deadline the server gave', () => {
  it('runs with the time left before the deadline', () => {
    expect(clockState({ due, doneAt: null, doneMinutes: null, breached: false }, at('2026-01-01T09:58:30Z'))).toEqual({
      kind: 'running',
      remainingMs: 90_000,
      overdue: false,
      breached: false,
    });
  });

  it('is overdue, and shown as breached, once the deadline passed even before the server marked it', () => {
    const state = clockState({ due, doneAt: null, doneMinutes: null, breached: false }, at('2026-01-01T10:00:01Z'));
    expect(state).toMatchObject({ kind: 'running', remainingMs: -1000, overdue: true, breached: true });
  });

  it('stops once its event happened, keeping the breach on record', () => {
    const input = { due, doneAt: '2026-01-01T10:30:00Z', doneMinutes: 90, breached: true };
    expect(clockState(input, at('2026-01-02T00:00:00Z'))).toEqual({ kind: 'met', minutes: 90, breached: true });
  });
});

describe('countdown', () => {
  it.each([
    [0, '00:00:00'],
    [59_999, '00:00:59'],
    [3_723_000, '01:02:03'],
    [-3_723_000, '01:02:03'],
    [90_061_000, '1d 01:01:01'],
  ])('%s ms reads %s', (ms, text) => {
    expect(countdown(ms)).toBe(text);
  });
});
