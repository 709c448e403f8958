import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { dashboardBody, filterParams, readFilters, shownDays, ticketListLink } from './query';

describe('ticket dashboard filters (SPEC §9 date presets)', () => {
  it('defaults to this month, asked of the server as a preset', () => {
    const filters = readFilters(new URLSearchParams());
    expect(filters).toEqual({ preset: 'MONTH', category: [] });
    expect(dashboardBody(filters)).toEqual({ preset: 'MONTH', category: undefined });
    expect(filterParams(filters).toString()).toBe('');
  });

  it('reads a preset and categories from the address and writes them back', () => {
    const params = new URLSearchParams('preset=WEEK&category=Order&category=Stock');
    const filters = readFilters(params);
    expect(filters).toEqual({ preset: 'WEEK', category: ['Order', 'Stock'] });
    expect(dashboardBody(filters)).toEqual({ preset: 'WEEK', category: ['Order', 'Stock'] });
    expect(filterParams(filters).toString()).toBe(params.toString());
  });

  it('sends a range of days as [first day 00:00, the day after the last 00:00)', () => {
    const filters = readFilters(new URLSearchParams('from=2026-11-01&to=2026-11-15'));
    expect(filters.range).toEqual(['2026-11-01', '2026-11-15']);
    const [from, to] = dashboardBody(filters).createdAt!;
    expect(dayjs(from).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
    expect(dayjs(to).format('YYYY-MM-DD HH:mm')).toBe('2026-11-16 00:00');
  });

  it('falls back to the default for an unknown preset or a reversed or malformed range', () => {
    expect(readFilters(new URLSearchParams('preset=DECADE')).preset).toBe('MONTH');
    expect(readFilters(new URLSearchParams('from=2026-11-15&to=2026-11-01')).preset).toBe('MONTH');
    expect(readFilters(new URLSearchParams('from=2026-13-01&to=2026-11-01')).preset).toBe('MONTH');
  });

  it('shows the server range as the inclusive days of its own time zone', () => {
    expect(shownDays('2026-11-01T00:00:00+07:00', '2026-12-01T00:00:00+07:00')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(shownDays('2026-11-01T00:00:00+07:00', '2026-11-20T13:30:00+07:00')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
  });

  it('links a bar to the ticket list with the same days and categories, merged tickets left out', () => {
    const days = { from: '2026-11-01', to: '2026-11-30' };
    expect(ticketListLink({ status: 'CLOSED' }, days, ['Orders'])).toBe(
      '/system/ticket/list?status=CLOSED&category=Orders&createdAt=2026-11-01&createdAt=2026-11-30&merged=false',
    );
    expect(ticketListLink({ category: 'Order sync' }, days, ['Orders', 'Stock'])).toBe(
      '/system/ticket/list?category=Order+sync&createdAt=2026-11-01&createdAt=2026-11-30&merged=false',
    );
  });
});
