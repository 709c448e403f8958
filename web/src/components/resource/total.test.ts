import { describe, expect, it } from 'vitest';
import { totalText } from './total';

describe('a list total (the search counts up to 10,000 matches)', () => {
  it('shows the count as it is below the cap', () => {
    expect(totalText(42, false, 'en')).toBe('42');
    expect(totalText(10_000, false, 'en')).toBe('10,000');
  });

  it('shows "10,000+" once the server stopped counting', () => {
    expect(totalText(10_000, true, 'en')).toBe('10,000+');
  });

  it('groups digits as the language does', () => {
    expect(totalText(10_000, true, 'id')).toBe('10.000+');
  });
});
