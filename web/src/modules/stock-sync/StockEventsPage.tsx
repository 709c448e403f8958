import { useMemo, useState } from 'react';
import { Drawer } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ResourcePage, type RowAction } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { stockSyncApi } from './api';
import { FlowLink } from './FlowLink';
import { events, pushes, type StockEvent } from './resources';

/** A sync's pushes, with the link to its flow in the Temporal Web UI for operators. */
function SyncDrawer({ event, onClose }: { event: StockEvent; onClose: () => void }) {
  const t = useTranslate(['stock-sync', 'resource']);
  const { data } = useQuery({ queryKey: ['stock-sync/event', 'flow', event.id], queryFn: () => stockSyncApi.eventFlow(event.id) });
  const resource = useMemo(() => ({ ...pushes, name: 'stock-event-pushes', fixed: { eventId: event.id } }), [event.id]);
  return (
    <Drawer open width={960} title={t('syncPushesTitle', { id: event.id })} onClose={onClose} destroyOnHidden
      extra={<FlowLink url={data?.workflowUrl} label={t('openFlow')} />}>
      <ResourcePage resource={resource} title={t('pushEntity')} />
    </Drawer>
  );
}

/** SPEC §2 /operation/ginee-oms/stock/events-warehouse-stock. */
export default function StockEventsPage() {
  const [open, setOpen] = useState<StockEvent>();
  const resource = useMemo(() => {
    const rowActions: RowAction<StockEvent>[] = [
      { key: 'pushes', label: 'viewPushes', when: (row) => row.kind === 'SYNC', run: (row) => setOpen(row) },
    ];
    return { ...events, rowActions };
  }, []);
  return (
    <>
      <ResourcePage resource={resource} />
      {open && <SyncDrawer event={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
