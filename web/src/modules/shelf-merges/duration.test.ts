import { describe, expect, it } from 'vitest';
import { formatDuration, runSeconds } from './duration';

describe('how long a shelf merge took', () => {
  const started = '2026-11-29T10:00:00Z';

  it('is its current run, started (or retried) to finished, or to now while it runs', () => {
    expect(runSeconds({ state: 'COMPLETED', startedAt: started, finishedAt: '2026-11-29T10:04:12Z' }, 0)).toBe(252);
    expect(runSeconds({ state: 'COMPLETED', startedAt: started, retriedAt: '2026-11-29T11:00:00Z', finishedAt: '2026-11-29T11:00:38Z' }, 0)).toBe(38);
    expect(runSeconds({ state: 'RUNNING', startedAt: started }, Date.parse('2026-11-29T10:01:03Z'))).toBe(63);
    expect(runSeconds({ state: 'CANCELLED', startedAt: null }, 0)).toBeUndefined();
  });

  it('reads in the reader\'s language, largest units first', () => {
    expect(formatDuration(252, 'en')).toBe('4 min, 12 sec'.replace(',', ''));
    expect(formatDuration(3840, 'en')).toBe('1 hr 4 min');
    expect(formatDuration(38, 'en')).toBe('38 sec');
    expect(formatDuration(120, 'en')).toBe('2 min');
    expect(formatDuration(252, 'zh-CN')).toContain('4');
  });
});
