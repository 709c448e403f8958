import { describe, expect, it } from 'vitest';
import { formatTime } from '../../components/format/time';
import { changeRows, listChange, prettyJson, shownValue } from './values';

describe('audit detail values', () => {
  it('pretty-prints JSON bodies and leaves other text alone', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('plain text')).toBe('plain text');
    expect(prettyJson(null)).toBe('');
  });

  it('turns field-level changes into before/after rows', () => {
    const rows = changeRows({ username: { before: null, after: 'ana' }, roles: { before: ['Sales'], after: ['Sales', 'IT'] } });
    expect(rows).toEqual([
      { field: 'roles', before: ['Sales'], after: ['Sales', 'IT'] },
      { field: 'username', before: null, after: 'ana' },
    ]);
    expect(rows.map((row) => [shownValue(row.before), shownValue(row.after)])).toEqual([
      ['["Sales"]', '["Sales","IT"]'],
      ['', 'ana'],
    ]);
  });

  it('reads a stored time as a time, in the reader\'s zone', () => {
    const stored = '2026-11-24T08:30:00+00:00';
    expect(shownValue(stored)).toBe(formatTime(stored));
    expect(shownValue(stored)).not.toContain('T08:30');
    expect(shownValue('2026 plans')).toBe('2026 plans');
  });

  it('shows a change of a list of authorities as what was added and what was removed', () => {
    expect(listChange(['user#add', 'user#edit'], ['user#edit', 'user#delete'])).toEqual({ added: ['user#delete'], removed: ['user#add'] });
    expect(listChange(null, ['ticket#merge'])).toEqual({ added: ['ticket#merge'], removed: [] });
    expect(listChange('Sales', 'IT')).toBeUndefined();
  });
});
