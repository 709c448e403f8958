import { Background, Controls, ReactFlow, type ReactFlowProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';

export default function FlowCanvasCore(props: ReactFlowProps) {
  return (
    <ReactFlow fitView {...props}>
      <Background />
      <Controls />
    </ReactFlow>
  );
}
