import { describe, expect, it } from 'vitest';
import { leavingOrder } from './fitColumns';
import type { Column } from './types';

describe('the columns a table too wide for its place lets go', () => {
  it('are the wide ones, then the plain ones, each from the right; never a key one', () => {
    const columns: Column[] = [
      { key: 'id', title: 'id', priority: 'key' },
      { key: 'subject', title: 'subject' },
      { key: 'sentAt', title: 'sentAt', priority: 'wide' },
      { key: 'error', title: 'error' },
      { key: 'status', title: 'status', priority: 'key' },
      { key: 'attempts', title: 'attempts', priority: 'wide' },
    ];
    expect(leavingOrder(columns)).toEqual(['attempts', 'sentAt', 'error', 'subject']);
  });
});
