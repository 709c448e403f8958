import { Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';

/** A sync's flow in the Temporal Web UI (through the console's /temporal proxy); the server sends operators only. */
export function FlowLink({ url, label }: { url: string | null | undefined; label: string }) {
  if (!url) return null;
  return (
    <Typography.Link href={url} target="_blank" rel="noreferrer" data-testid="stock-sync-flow-link">
      <ExportOutlined aria-hidden /> {label}
    </Typography.Link>
  );
}
