import { useMemo } from 'react';
import { Drawer } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ResourcePage, type Resource, type Row } from '../../components/resource';
import { FlowLink } from '../stock-sync/FlowLink';

interface Props<F extends Row> {
  /** The failures' resource (fixed to the run here) and the drawer's and the list's titles. */
  resource: Resource<F>;
  runId: number;
  title: string;
  listTitle: string;
  /** The run's flow in the Temporal Web UI (operators only: the server sends no link to others). */
  flowUrl: () => Promise<string | null | undefined>;
  linkLabel: string;
  onClose: () => void;
}

/** A sync run's failures (the orders or listings it could not take), with the link to its flow in the Temporal
 *  Web UI for operators: the order sync's and the product sync's runs open the same drawer. */
export function RunFailuresDrawer<F extends Row>({ resource, runId, title, listTitle, flowUrl, linkLabel, onClose }: Props<F>) {
  const { data } = useQuery({ queryKey: [resource.api, 'flow', runId], queryFn: async () => (await flowUrl()) ?? null });
  const fixed = useMemo(() => ({ ...resource, name: `${resource.name}-of-run`, fixed: { runId } }), [resource, runId]);
  return (
    <Drawer open width={880} title={title} onClose={onClose} destroyOnHidden extra={<FlowLink url={data} label={linkLabel} />}>
      <ResourcePage resource={fixed} title={listTitle} />
    </Drawer>
  );
}
