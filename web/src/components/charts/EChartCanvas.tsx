// The ES module build: the CommonJS one (lib/) hands a production bundle an object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  AriaComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// Only the chart types the dashboards use; add more here when a screen needs them.
echarts.use([
  AriaComponent,
  BarChart,
  LineChart,
  PieChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number | string;
  loading?: boolean;
  /** ECharts events by name (`click`), e.g. to open the list behind a bar. */
  onEvents?: Record<string, (event: { data?: unknown; name?: string }) => void>;
}

/** A canvas says nothing to a screen reader: ECharts writes what the chart shows into the container's aria-label. */
const ARIA = { aria: { enabled: true } };

export default function EChartCanvas({ option, height = 320, loading = false, onEvents }: EChartProps) {
  return (
    <ReactEChartsCore echarts={echarts} option={{ ...ARIA, ...option }} style={{ height }} showLoading={loading} onEvents={onEvents} notMerge lazyUpdate />
  );
}
