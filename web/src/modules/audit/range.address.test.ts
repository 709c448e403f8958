import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { paramsOf, queryOf, toFilters } from './RangeSearch';

describe('the audit search lives in the address (a link or a reload keeps it)', () => {
  const fallback = { range: [dayjs('2026-11-18T00:00:00Z'), dayjs('2026-11-24T23:59:59Z')] as [dayjs.Dayjs, dayjs.Dayjs] };

  it('writes the filters, sort and page under the search\'s name and reads them back', () => {
    const query = { filters: { operator: 'ana', startTime: '2026-11-01T00:00:00.000Z', endTime: '2026-11-02T00:00:00.000Z' }, page: 2, pageSize: 20, sort: '-at' };
    const params = paramsOf('audit', query);
    expect(params.get('audit.operator')).toBe('ana');
    expect(params.get('audit.page')).toBe('2');
    expect(queryOf('audit', params, fallback)).toEqual(query);
  });

  it('starts from the default range and leaves other lists\' keys alone', () => {
    const query = queryOf('audit', new URLSearchParams('url=/cms/courier&page=3'), fallback);
    expect(query.page).toBe(1);
    expect(query.filters).toEqual(toFilters(fallback));
  });
});
