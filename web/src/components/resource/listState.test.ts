import { describe, expect, it } from 'vitest';
import type { Column } from './types';
import { afterTableChange, exportPayload, listStateParams, readListState, sameAddress, searchPayload, sortOf, sortOrderOf, stripEmpty, type ListState } from './listState';

const columns: Column[] = [
  { key: 'name', title: 'name', filter: true },
  { key: 'channel', title: 'channel', type: 'enum', filter: { multiple: true } },
  { key: 'status', title: 'status', type: 'enum', filter: true },
  { key: 'createdAt', title: 'createdAt', type: 'datetime', filter: true },
  { key: 'logoUrl', title: 'logoUrl' },
];

describe('search payloads (SPEC §5: "empty or null fields are stripped")', () => {
  it('strips empty, blank and null fields, trims text', () => {
    expect(stripEmpty({ a: '', b: '  ', c: null, d: undefined, e: [], f: [''], g: ' JNE ', h: 0, i: false, j: ['A', ''] }))
      .toEqual({ g: 'JNE', h: 0, i: false, j: ['A'] });
  });

  it('sends page, size, sort and the filters that have a value', () => {
    expect(searchPayload({ page: 2, pageSize: 20, sort: '-name', filters: { name: 'JNE', status: '' } }))
      .toEqual({ page: 2, pageSize: 20, sort: '-name', name: 'JNE' });
  });

  it('exports with the same filters and sort, without paging', () => {
    expect(exportPayload({ page: 3, pageSize: 10, sort: undefined, filters: { channel: ['SHOPEE_ID'] } })).toEqual({ channel: ['SHOPEE_ID'] });
  });
});

describe('list state in the address (restored on back)', () => {
  it('reads page, size, sort and filters, ignoring unknown and bad values', () => {
    const params = new URLSearchParams('page=3&pageSize=50&sort=-name&name=JNE&channel=A&channel=B&status=LIVE&logoUrl=x&page=0');
    expect(readListState(params, columns, 20)).toEqual({
      page: 3,
      pageSize: 50,
      sort: '-name',
      filters: { name: 'JNE', channel: ['A', 'B'], status: 'LIVE' },
    });
    expect(readListState(new URLSearchParams('page=-1&pageSize=abc'), columns, 20)).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('reads a date range as two values', () => {
    const params = new URLSearchParams('createdAt=2026-01-01&createdAt=2026-01-31');
    expect(readListState(params, columns, 20).filters).toEqual({ createdAt: ['2026-01-01', '2026-01-31'] });
  });

  it('writes back what it reads, leaving defaults out', () => {
    const state = { page: 2, pageSize: 20, sort: 'name', filters: { channel: ['A', 'B'], name: '' } };
    const params = listStateParams(state, 20);
    expect(params.toString()).toBe('channel=A&channel=B&sort=name&page=2');
    expect(readListState(params, columns, 20)).toEqual({ ...state, filters: { channel: ['A', 'B'] } });
    expect(listStateParams({ page: 1, pageSize: 20, sort: undefined, filters: {} }, 20).toString()).toBe('');
  });

  it('maps sorting both ways', () => {
    expect(sortOrderOf('-name', 'name')).toBe('descend');
    expect(sortOrderOf('name', 'name')).toBe('ascend');
    expect(sortOrderOf('name', 'channel')).toBeNull();
    expect(sortOf('name', 'descend')).toBe('-name');
    expect(sortOf('name', null)).toBeUndefined();
  });
});

describe('table changes', () => {
  const state = { page: 3, pageSize: 20, sort: '-id' };

  it('keeps the sort and size when only the page changes', () => {
    expect(afterTableChange(state, { current: 4, pageSize: 20 }, { columnKey: 'id', order: 'descend' })).toEqual({ page: 4, pageSize: 20, sort: '-id' });
  });

  it('goes back to page 1 on a new sort or page size', () => {
    expect(afterTableChange(state, { current: 3, pageSize: 20 }, { columnKey: 'name', order: 'ascend' })).toEqual({ page: 1, pageSize: 20, sort: 'name' });
    expect(afterTableChange(state, { current: 3, pageSize: 50 }, [{ columnKey: 'id', order: 'descend' }])).toEqual({ page: 1, pageSize: 50, sort: '-id' });
  });
});

describe('searching again', () => {
  const shown: ListState = { page: 1, pageSize: 20, sort: '-id', filters: { name: 'Ninja' } };

  it('knows a search that changes nothing in the address, so it asks the server again', () => {
    expect(sameAddress(shown, { ...shown, filters: { name: 'Ninja' } }, 20)).toBe(true);
    expect(sameAddress({ ...shown, page: 2 }, { ...shown, page: 1 }, 20)).toBe(false);
    expect(sameAddress(shown, { ...shown, filters: { name: 'JNE' } }, 20)).toBe(false);
  });
});
