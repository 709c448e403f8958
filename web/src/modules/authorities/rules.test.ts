import { describe, expect, it } from 'vitest';
import { checkIdentifier, checkSort } from './rules';

const t = (key: string) => key;

describe('authority form rules (SPEC §5: sort a positive integer; identifiers as the server takes them)', () => {
  it.each([['logistics-configuration'], ['logistics#add'], ['user-center']])('%s is an identifier', (value) => {
    expect(checkIdentifier(value, 'Identifier', t)).toBeUndefined();
  });

  it.each([['Logistics'], ['a b'], ['#add'], ['a#b#c']])('%s is not', (value) => {
    expect(checkIdentifier(value, 'Identifier', t)).toBe('rule.identifier');
  });

  it('takes natural numbers only', () => {
    expect(checkSort(1, 'Sort', t)).toBeUndefined();
    expect(checkSort(12, 'Sort', t)).toBeUndefined();
    expect(checkSort(0, 'Sort', t)).toBe('rule.natural');
    expect(checkSort(-3, 'Sort', t)).toBe('rule.natural');
    expect(checkSort(1.5, 'Sort', t)).toBe('rule.natural');
  });
});
