/**
 * How the production bundle is split.
 *
 * The vendor shell (React, the router, Ant Design, TanStack Query, i18next) holds only the library
 * code that the entry imports statically (`$initial`), so a component that one module page uses
 * stays in that page's lazy chunk. ECharts and React Flow are only ever imported lazily and get
 * chunks of their own; every module page is a lazy route chunk.
 */
export type ChunkGroup = {
  name: string;
  test: RegExp | ((id: string) => boolean);
  priority: number;
  tags?: ['$initial'];
  minShareCount?: number;
};

const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

export const chunkGroups: ChunkGroup[] = [
  { name: 'vendor-react', test: pkg('react|react-dom|scheduler|react-router|cookie|set-cookie-parser'), priority: 40, tags: ['$initial'] },
  { name: 'vendor-antd', test: pkg('antd|@ant-design|@rc-component|rc-[^\\\\/]+|@babel[\\\\/]runtime|dayjs|classnames|clsx|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|stylis|@emotion'), priority: 30, tags: ['$initial'] },
  { name: 'vendor-data', test: pkg('@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|js-cookie|use-sync-external-store'), priority: 20, tags: ['$initial'] },
  { name: 'echarts', test: pkg('echarts|zrender|echarts-for-react|size-sensor|fast-deep-equal'), priority: 10 },
  { name: 'flow', test: pkg('@xyflow|d3-[^\\\\/]+|zustand|classcat'), priority: 10 },
];
