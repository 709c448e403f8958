import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { newIdempotencyKey, useIdempotencyKey } from './idempotency';

describe('idempotency keys', () => {
  it('are 32 hex characters and never repeat', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('stay the same for every submission of one form (a double click) until renewed', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.key();
    rerender();
    expect(result.current.key()).toBe(first);
    result.current.renew();
    rerender();
    expect(result.current.key()).not.toBe(first);
  });
});
