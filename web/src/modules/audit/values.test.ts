import { describe, expect, it } from 'vitest';
import { changeRows, prettyJson, shownValue } from './values';

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
});
