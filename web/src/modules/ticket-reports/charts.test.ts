import { describe, expect, it } from 'vitest';
import { categoryChart, clickedCode, periodChart, slaChart, statusChart } from './charts';

const figures = { created: 4, closed: 1, confirming: 1, qualified: 3, closedRate: 25, resolveRate: 50, slaRate: 75 };
const label = (key: string) => `<${key}>`;
type Series = { name: string; data: unknown[]; stack?: string; yAxisIndex?: number };
const seriesOf = (option: unknown) => (option as { series: Series[] }).series;

describe('ticket dashboard charts', () => {
  it('names status bars by their label and keeps the code for the click through to the list', () => {
    const option = statusChart([{ status: 'CLOSED', count: 2 }], label) as { xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['<CLOSED>']);
    const [bar] = seriesOf(option);
    expect(bar!.data).toEqual([{ value: 2, code: 'CLOSED' }]);
    expect(clickedCode({ data: bar!.data[0] })).toBe('CLOSED');
    expect(clickedCode({ data: 3 })).toBeUndefined();
  });

  it('stacks qualified and breached tickets, so a priority bar is its ticket count', () => {
    const series = seriesOf(slaChart([{ ...figures, level: 'P1', firstResponseBreached: 1, resolveBreached: 0 }], label));
    expect(series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['<qualified>', 'sla', [3]],
      ['<breached>', 'sla', [1]],
    ]);
  });

  it('draws the three server rates of a period on the percent axis', () => {
    const series = seriesOf(periodChart([{ ...figures, period: '2026-11-02' }], label, (p) => p));
    const rates = series.filter((s) => s.yAxisIndex === 1);
    expect(rates.map((s) => [s.name, s.data])).toEqual([
      ['<closedRate>', [25]],
      ['<resolveRate>', [50]],
      ['<slaRate>', [75]],
    ]);
  });

  it("names category bars by the list's name and carries the code on each of its bars", () => {
    const option = categoryChart([{ ...figures, category: 'Stock', name: 'Persediaan' }], label);
    expect((option as { xAxis: { data: string[] } }).xAxis.data).toEqual(['Persediaan']);
    const series = seriesOf(option);
    expect(series.map((s) => s.data)).toEqual([
      [{ value: 4, code: 'Stock' }],
      [{ value: 1, code: 'Stock' }],
      [{ value: 1, code: 'Stock' }],
    ]);
  });
});
