import { describe, expect, it } from 'vitest';
import { holds } from './can';

const clerk = { isSuper: false, permissions: ['logistics-configuration', 'logistics#export'] };

describe('can (SPEC §6: menus and buttons are permission-driven by identifiers)', () => {
  it('allows what the user holds and nothing else', () => {
    expect(holds(clerk, 'logistics#export')).toBe(true);
    expect(holds(clerk, 'logistics#delete')).toBe(false);
  });

  it('accepts any one of several identifiers', () => {
    expect(holds(clerk, ['logistics#delete', 'logistics#export'])).toBe(true);
    expect(holds(clerk, ['logistics#delete', 'logistics#add'])).toBe(false);
  });

  it('lets a super user do everything', () => {
    expect(holds({ isSuper: true, permissions: [] }, 'anything#at-all')).toBe(true);
  });

  it('allows what needs no permission, and nothing before the user is known', () => {
    expect(holds(clerk, undefined)).toBe(true);
    expect(holds(undefined, 'logistics#export')).toBe(false);
  });
});
