import { useMemo, useState } from 'react';
import { Button, Drawer } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Can } from '../../app/access/can';
import { permissionOf } from '../../app/access/operations';
import { ResourcePage, type RowAction } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { FlowLink } from '../stock-sync/FlowLink';
import { reconciliationApi, type ReconciliationItem, type ReconciliationRun } from './api';
import { items, runs } from './resources';
import { ResolveDialog } from './ResolveDialog';
import { StartRunDialog } from './StartRunDialog';

/** A run's differences (filters: kind, resolved, order number; the kit's export), resolve and reopen, and its flow
 *  in the Temporal Web UI for operators. */
function RunDrawer({ run, onClose }: { run: ReconciliationRun; onClose: () => void }) {
  const t = useTranslate(['reconciliation']);
  const [resolving, setResolving] = useState<{ item: ReconciliationItem; reload: () => void }>();
  const { data } = useQuery({ queryKey: ['reconciliation/run', 'flow', run.id], queryFn: () => reconciliationApi.flow(run.id) });
  const resource = useMemo(() => {
    const rowActions: RowAction<ReconciliationItem>[] = [
      {
        key: 'resolve', label: 'resolve', permission: permissionOf('POST /cms/reconciliation/item/resolve'),
        when: (item) => item.kind !== 'MATCHED' && !item.resolvedAt,
        run: (item, context) => setResolving({ item, reload: context.reload }),
      },
      {
        key: 'reopen', label: 'reopen', permission: permissionOf('POST /cms/reconciliation/item/reopen'),
        when: (item) => Boolean(item.resolvedAt),
        run: async (item, context) => { try { await reconciliationApi.reopen(item.id); } finally { context.reload(); } },
      },
    ];
    return { ...items, name: 'reconciliation-run-items', fixed: { runId: run.id }, rowActions };
  }, [run.id]);
  return (
    <Drawer open width={1200} title={t('runTitle', { email: run.merchantEmail ?? run.merchantId, from: run.periodFrom, to: run.periodTo })}
      onClose={onClose} destroyOnHidden extra={<FlowLink url={data?.workflowUrl} label={t('openFlow')} />}>
      <ResourcePage resource={resource} title={t('differences')} />
      {resolving && <ResolveDialog item={resolving.item} onClose={() => setResolving(undefined)} onDone={resolving.reload} />}
    </Drawer>
  );
}

/** SPEC §2 /financial-reconciliation: each merchant's orders of a period against the channels' payouts. */
export default function ReconciliationPage() {
  const t = useTranslate(['reconciliation']);
  const [starting, setStarting] = useState(false);
  const [open, setOpen] = useState<ReconciliationRun>();
  const queryClient = useQueryClient();
  const resource = useMemo(() => {
    const rowActions: RowAction<ReconciliationRun>[] = [
      { key: 'differences', label: 'differences', run: (run) => setOpen(run) },
    ];
    return { ...runs, rowActions };
  }, []);
  return (
    <>
      <ResourcePage resource={resource} extra={
        <Can permission={permissionOf('POST /cms/reconciliation/start')}>
          <Button type="primary" onClick={() => setStarting(true)} data-testid="reconciliation-start">{t('start')}</Button>
        </Can>
      } />
      <StartRunDialog open={starting} onClose={() => setStarting(false)} onStarted={() => void queryClient.invalidateQueries({ queryKey: [runs.api] })} />
      {open && <RunDrawer run={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
