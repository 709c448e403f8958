import { useMemo, useState } from 'react';
import { Button, Drawer } from 'antd';
import { Can } from '../../app/access/can';
import { ResourcePage, type RowAction } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { RunFailuresDrawer } from '../order-sync/RunFailuresDrawer';
import { productSyncApi, type ProductSyncRun } from './api';
import { productSyncFailures, productSyncRuns } from './syncRuns';

/** "Sync runs" of the goods list: every store's product sync runs (scheduled and "Sync products"), filtered by
 *  store, status, how started and time; a run's failed listings open with its flow's Temporal Web UI link. */
export function SyncRuns() {
  const t = useTranslate(['goods']);
  const [open, setOpen] = useState(false);
  const [run, setRun] = useState<ProductSyncRun>();
  const resource = useMemo(() => {
    const rowActions: RowAction<ProductSyncRun>[] = [
      { key: 'failures', label: 'failedListings', when: (row) => row.failedCount > 0, run: (row) => setRun(row) },
    ];
    return { ...productSyncRuns, rowActions };
  }, []);
  return (
    <Can permission={productSyncRuns.permission}>
      <Button onClick={() => setOpen(true)} data-testid="goods-sync-runs">{t('syncRuns')}</Button>
      {open && (
        <Drawer open width={1100} title={t('syncRuns')} onClose={() => setOpen(false)} destroyOnHidden>
          <ResourcePage resource={resource} title={t('syncRuns')} />
          {run && (
            <RunFailuresDrawer resource={productSyncFailures} runId={run.id} title={t('failuresTitle', { id: run.id })}
              listTitle={t('failedListings')} flowUrl={async () => (await productSyncApi.detail(run.id)).workflowUrl}
              linkLabel={t('openFlow')} onClose={() => setRun(undefined)} />
          )}
        </Drawer>
      )}
    </Can>
  );
}
