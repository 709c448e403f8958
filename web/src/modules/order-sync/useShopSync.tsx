import { useMemo, useState } from 'react';
import { permissionOf } from '../../app/access/operations';
import type { RowAction } from '../../components/resource';
import { toast } from '../../components/feedback';
import { useTranslate } from '../../i18n';
import { orderSyncApi } from './api';
import { SyncRunsDrawer } from './SyncRunsDrawer';

interface SyncableShop {
  id: number;
  name: string;
  bound: boolean;
  connectionStatus: string;
  [key: string]: unknown;
}

/** A shops list's order sync: "Sync now" and "Sync runs" row actions and the drawer of a shop's runs. */
export function useShopSync<S extends SyncableShop>(): { rowActions: RowAction<S>[]; drawer: React.ReactNode } {
  const t = useTranslate(['order-sync']);
  const [shop, setShop] = useState<S>();
  const rowActions = useMemo<RowAction<S>[]>(() => [
    {
      key: 'syncNow',
      label: 'syncNow',
      permission: permissionOf('POST /cms/order-sync/sync'),
      when: (row) => row.bound && row.connectionStatus === 'CONNECTED',
      run: async (row, context) => {
        await orderSyncApi.syncNow(row.id);
        toast.info(t('started'));
        context.reload();
      },
    },
    { key: 'syncRuns', label: 'syncRuns', permission: permissionOf('POST /cms/order-sync/run/search'), run: (row) => setShop(row) },
  ], [t]);
  const drawer = shop ? <SyncRunsDrawer shop={shop} onClose={() => setShop(undefined)} /> : null;
  return { rowActions, drawer };
}
