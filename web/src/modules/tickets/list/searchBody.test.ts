import { describe, expect, it } from 'vitest';
import { scopeOf, ticketSearchBody } from './searchBody';
import { setDisplayZone } from '../../../components/format/time';

const ALL_SCOPES = ['ALL', 'MINE', 'ASSIGNED', 'WATCHED'] as const;
const MY_SCOPES = ['MINE', 'ASSIGNED', 'WATCHED'] as const;
const state = (filters: Record<string, string | string[]>, sort?: string) => ({ page: 1, pageSize: 20, sort, filters });

describe('ticket list filters -> POST ticket/search body', () => {
  it('sends only the page, the default sort and the scope when nothing is filtered (SPEC §5)', () => {
    expect(ticketSearchBody(state({}), ALL_SCOPES)).toEqual({ scope: 'ALL', page: 1, pageSize: 20, sort: '-id' });
  });

  it('types what the address holds as text: lists, user ids, yes/no', () => {
    const body = ticketSearchBody(
      state({ keyword: '#12', status: 'NEW', level: ['P0', 'P1'], category: ['Orders'], issueType: 'ORDER_SYNC', assigneeId: '7', picId: 'x', breached: 'true', merged: 'false' }, 'createdAt'),
      ALL_SCOPES,
    );
    expect(body).toEqual({
      scope: 'ALL',
      keyword: '#12',
      status: ['NEW'],
      level: ['P0', 'P1'],
      category: ['Orders'],
      issueType: ['ORDER_SYNC'],
      assigneeId: 7,
      breached: true,
      merged: false,
      page: 1,
      pageSize: 20,
      sort: 'createdAt',
    });
  });

  it("sends a created date range from the start of its first day to the end of its last, in the user's zone", () => {
    setDisplayZone('Asia/Jakarta');
    const body = ticketSearchBody(state({ createdAt: ['2026-11-01', '2026-11-22'] }), ALL_SCOPES);
    setDisplayZone(undefined);
    expect(body.createdAt).toEqual(['2026-11-01T00:00:00+07:00', '2026-11-22T23:59:59.999+07:00']);
    expect(ticketSearchBody(state({ createdAt: ['nonsense', '2026-11-22'] }), ALL_SCOPES).createdAt).toBeUndefined();
  });

  it('keeps "my tickets" to the caller\'s scopes: an unknown or ALL scope falls back to MINE', () => {
    expect(scopeOf({ scope: 'WATCHED' }, MY_SCOPES)).toBe('WATCHED');
    expect(scopeOf({ scope: 'ALL' }, MY_SCOPES)).toBe('MINE');
    expect(scopeOf({ scope: 'OTHER' }, ALL_SCOPES)).toBe('ALL');
  });
});
