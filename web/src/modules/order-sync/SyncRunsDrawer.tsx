import { useMemo, useState } from 'react';
import { Drawer } from 'antd';
import { permissionOf } from '../../app/access/operations';
import { ResourcePage, type RowAction } from '../../components/resource';
import { toast } from '../../components/feedback';
import { useTranslate } from '../../i18n';
import { orderSyncApi } from './api';
import { failures, runs, type SyncRun } from './resources';
import { RunFailuresDrawer } from './RunFailuresDrawer';

/** A run's failed orders, with the link to its flow in the Temporal Web UI for operators. */
function FailuresDrawer({ run, onClose }: { run: SyncRun; onClose: () => void }) {
  const t = useTranslate(['order-sync']);
  return (
    <RunFailuresDrawer resource={failures} runId={run.id} title={t('failuresTitle', { id: run.id })} listTitle={t('failedOrders')}
      flowUrl={async () => (await orderSyncApi.flow(run.id)).workflowUrl} linkLabel={t('openFlow')} onClose={onClose} />
  );
}

/** The sync runs of one shop: each run's failed orders, and "Retry" of just those. */
export function SyncRunsDrawer({ shop, onClose }: { shop: { id: number; name: string }; onClose: () => void }) {
  const t = useTranslate(['order-sync']);
  const [open, setOpen] = useState<SyncRun>();
  const resource = useMemo(() => {
    const rowActions: RowAction<SyncRun>[] = [
      { key: 'failures', label: 'failedOrders', when: (run) => run.failedCount > 0, run: (run) => setOpen(run) },
      {
        key: 'retry',
        label: 'retry',
        permission: permissionOf('POST /cms/order-sync/retry'),
        when: (run) => run.status === 'PARTIAL',
        run: async (run, context) => {
          try {
            const flow = await orderSyncApi.retry(run.id);
            if (flow.run?.status === 'SUCCEEDED') toast.success(t('retrySucceeded'));
            else if (flow.run?.status === 'RUNNING' || !flow.run) toast.info(t('processing'));
            else toast.warning(t('someFailed'));
          } finally {
            context.reload();
          }
        },
      },
    ];
    return { ...runs, name: 'order-sync-shop-runs', fixed: { shopId: shop.id }, rowActions };
  }, [shop.id, t]);
  return (
    <Drawer open width={1100} title={t('runsTitle', { name: shop.name })} onClose={onClose} destroyOnHidden>
      <ResourcePage resource={resource} title={t('runsList')} />
      {open && <FailuresDrawer run={open} onClose={() => setOpen(undefined)} />}
    </Drawer>
  );
}
