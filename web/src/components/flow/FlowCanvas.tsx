import { lazy, Suspense } from 'react';
import type { ReactFlowProps } from '@xyflow/react';
import { PageLoading } from '../PageLoading';

const FlowCanvasCore = lazy(() => import('./FlowCanvasCore'));

/** A node-and-edge diagram; React Flow is loaded on first use, in a chunk of its own. */
export function FlowCanvas({ height = 480, ...props }: ReactFlowProps & { height?: number | string }) {
  return (
    <div style={{ height }}>
      <Suspense fallback={<PageLoading />}>
        <FlowCanvasCore {...props} />
      </Suspense>
    </div>
  );
}
