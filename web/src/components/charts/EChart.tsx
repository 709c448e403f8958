import { lazy, Suspense } from 'react';
import { PageLoading } from '../PageLoading';
import type { EChartProps } from './EChartCanvas';

const EChartCanvas = lazy(() => import('./EChartCanvas'));

/** A chart; ECharts is loaded on first use, in a chunk of its own. */
export function EChart(props: EChartProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <EChartCanvas {...props} />
    </Suspense>
  );
}
