import { describe, expect, it } from 'vitest';
import { isForbiddenPath } from './forbiddenPaths';

describe('forbidden or missing (SPEC §2: unknown paths go to /404, /401 also exists)', () => {
  const forbidden = ['/user-center/user', '/ticket/:id', '/ticket/detail/:date/:id'];

  it('knows a screen the user does not hold, route parameters included', () => {
    expect(isForbiddenPath('/user-center/user', forbidden)).toBe(true);
    expect(isForbiddenPath('/ticket/42', forbidden)).toBe(true);
    expect(isForbiddenPath('/ticket/detail/2026-11-24/42', forbidden)).toBe(true);
  });

  it('leaves an address no screen has to the 404 page', () => {
    expect(isForbiddenPath('/no/such/page', forbidden)).toBe(false);
    expect(isForbiddenPath('/user-center/user/extra', forbidden)).toBe(false);
    expect(isForbiddenPath('/user-center', forbidden)).toBe(false);
  });
});
