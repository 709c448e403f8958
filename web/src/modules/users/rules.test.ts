import { describe, expect, it } from 'vitest';
import { checkMobile, passwordProblem } from './rules';

describe('password policy (SPEC §5: 10 to 26 with letters, digits and symbols)', () => {
  it.each([
    ['Abcdef-12345', undefined],
    ['Ab-1234567', undefined],
    ['Ab-123456', 'length'],
    [`Ab-1${'x'.repeat(23)}`, 'length'],
    ['Abcdef 12345-', 'chars'],
    ['Abcdefghij12', 'mix'],
    ['abcdefghij-!', 'mix'],
    ['1234567890-!', 'mix'],
  ])('%s -> %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe('mobile (SPEC §5: 11 digits in the admin form)', () => {
  const t = (key: string) => key;
  it('accepts 11 digits and refuses anything else', () => {
    expect(checkMobile('13800138000', 'Mobile', t)).toBeUndefined();
    expect(checkMobile('1380013800', 'Mobile', t)).toBe('mobileDigits');
    expect(checkMobile('1380013800a', 'Mobile', t)).toBe('mobileDigits');
  });
});
