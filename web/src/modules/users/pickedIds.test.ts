import { describe, expect, it } from 'vitest';
import { pickedId, pickedIds } from './pickedIds';

describe('picker values', () => {
  it('reads ids from the address (text) and from forms (numbers)', () => {
    expect(pickedIds('3')).toEqual([3]);
    expect(pickedIds([1, '2'])).toEqual([1, 2]);
    expect(pickedId(7)).toBe(7);
  });

  it('treats empty values as none', () => {
    expect(pickedIds(undefined)).toEqual([]);
    expect(pickedIds(null)).toEqual([]);
    expect(pickedIds('')).toEqual([]);
    expect(pickedId(null)).toBeUndefined();
  });
});
