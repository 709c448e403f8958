import type { EChartsCoreOption } from 'echarts/core';
import type { CategoryFigures, LevelFigures, PeriodFigures, StatusCount } from './api';

/** Chart builders: plain data in, ECharts options out, so they are tested without a canvas. */
type Label = (key: string) => string;

const QUALIFIED = '#52c41a';
const BREACHED = '#ff4d4f';

const axisTooltip = { trigger: 'axis', axisPointer: { type: 'shadow' } };
const grid = { left: 8, right: 8, bottom: 8, top: 40, containLabel: true };

/** Tickets by status: one bar a status, named by its translated label; the code rides along for clicks. */
export function statusChart(byStatus: readonly StatusCount[], statusLabel: Label): EChartsCoreOption {
  return {
    tooltip: axisTooltip,
    grid,
    xAxis: { type: 'category', data: byStatus.map((s) => statusLabel(s.status)), axisLabel: { interval: 0, rotate: 30 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', barMaxWidth: 48, name: '', data: byStatus.map((s) => ({ value: s.count, code: s.status })) }],
  };
}

/** Created, closed and confirming tickets a category, named from its managed list; the code rides along for clicks. */
export function categoryChart(byCategory: readonly CategoryFigures[], t: Label): EChartsCoreOption {
  const names = byCategory.map((c) => c.name);
  return {
    tooltip: axisTooltip,
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', barMaxWidth: 48, name: t('created'), data: byCategory.map((c) => ({ value: c.created, code: c.category })) },
      { type: 'bar', barMaxWidth: 48, name: t('confirming'), data: byCategory.map((c) => ({ value: c.confirming, code: c.category })) },
      { type: 'bar', barMaxWidth: 48, name: t('closed'), data: byCategory.map((c) => ({ value: c.closed, code: c.category })) },
    ],
  };
}

/** SLA by priority: qualified and breached stacked, so a bar is the level's ticket count. */
export function slaChart(bySla: readonly LevelFigures[], t: Label): EChartsCoreOption {
  return {
    tooltip: axisTooltip,
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: bySla.map((l) => l.level) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', barMaxWidth: 48, stack: 'sla', name: t('qualified'), color: QUALIFIED, data: bySla.map((l) => l.qualified) },
      { type: 'bar', barMaxWidth: 48, stack: 'sla', name: t('breached'), color: BREACHED, data: bySla.map((l) => l.created - l.qualified) },
    ],
  };
}

/** A week's or month's tickets as bars, with the three rates as lines on a 0-100 % axis. */
export function periodChart(periods: readonly PeriodFigures[], t: Label, periodLabel: (period: string) => string): EChartsCoreOption {
  const rate = (key: 'closedRate' | 'resolveRate' | 'slaRate') => ({
    type: 'line',
    yAxisIndex: 1,
    name: t(key),
    data: periods.map((p) => p[key]),
    tooltip: { valueFormatter: (value: number) => `${value}%` },
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: periods.map((p) => periodLabel(p.period)) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', barMaxWidth: 48, name: t('created'), data: periods.map((p) => p.created) },
      { type: 'bar', barMaxWidth: 48, name: t('closed'), data: periods.map((p) => p.closed) },
      rate('closedRate'),
      rate('resolveRate'),
      rate('slaRate'),
    ],
  };
}

/** The code a clicked bar carries (a status or a category), if any. */
export function clickedCode(event: { data?: unknown }): string | undefined {
  const data = event.data as { code?: unknown } | undefined;
  return typeof data?.code === 'string' ? data.code : undefined;
}
