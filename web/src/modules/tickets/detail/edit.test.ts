import { describe, expect, it } from 'vitest';
import { editBody } from './edit';

const initial = {
  title: 'Orders missing', description: 'd', category: 'Orders', application: 'SYS_ERP', issueType: 'ORDER_SYNC',
  accountId: 'm-1', accountEmail: undefined, tags: ['vip'], picId: 7, rdId: undefined, estimatedAt: '2030-01-02T03:04:05Z',
};

describe('the edit form sends only what changed (POST ticket/{id}/modify)', () => {
  it('sends nothing when nothing changed, text compared trimmed and instants as instants', () => {
    expect(editBody(initial, { ...initial, title: ' Orders missing ', estimatedAt: '2030-01-02T03:04:05.000Z' })).toEqual({});
  });

  it('sends the changed fields, a cleared one as null and cleared tags as none', () => {
    expect(editBody(initial, { ...initial, category: 'Stock', picId: 9, accountId: '', tags: [], rdId: 3 })).toEqual({
      category: 'Stock', picId: 9, accountId: null, tags: [], rdId: 3,
    });
  });
});
