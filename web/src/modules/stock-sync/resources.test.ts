import { describe, expect, it } from 'vitest';
import { canRetry, pushes } from './resources';

describe('the stock push history', () => {
  it.each([
    ['PUSH_FAILED', true],
    ['NOT_PUSHED', true],
    ['PUSHING', false],
    ['COMPLETE', false],
  ])('offers retry on a push that is %s: %s (SPEC §4 sync or push)', (status, offered) => {
    expect(canRetry({ status } as never)).toBe(offered);
    const retry = pushes.rowActions.find((action) => action.key === 'retry')!;
    expect(retry.permission).toBe('stock-push#retry');
    expect(retry.when?.({ status } as never)).toBe(offered);
  });
});
