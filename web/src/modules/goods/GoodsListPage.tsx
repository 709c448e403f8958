import { useMemo, useState } from 'react';
import { Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import type { ChannelProduct, GoodsSyncFlow } from './api';
import { ListingTabs } from './ListingTabs';
import { MapDialog } from './MapDialog';
import { channelActions, channelProducts } from './resources';
import { SyncProducts, SyncResult } from './SyncProducts';
import { SyncRuns } from './SyncRuns';

/** SPEC §2 /operation/ginee-oms/manage-goods/goods-list: channel products under their listing tabs, mapped to
 *  master SKUs (picked), enabled, disabled or deleted by the listing state machine, master products auto-created;
 *  "Sync products" pulls a shop's listings from its channel now (each store's Schedule does every hour); each row
 *  shows its store's last product sync, and "Sync runs" lists the runs with their failed listings. */
export default function GoodsListPage() {
  const t = useTranslate(['goods', 'resource']);
  const queryClient = useQueryClient();
  const [mapping, setMapping] = useState<ChannelProduct>();
  const [sync, setSync] = useState<GoodsSyncFlow>();
  const resource = useMemo(() => ({ ...channelProducts, ...channelActions(setMapping, t) }), [t]);
  const done = () => void queryClient.invalidateQueries({ queryKey: [channelProducts.api] });
  return (
    <>
      <ListingTabs />
      {sync && <SyncResult key={sync.workflowId} started={sync} onClose={() => setSync(undefined)} />}
      <ResourcePage resource={resource} extra={<Space><SyncRuns /><SyncProducts onStarted={setSync} /></Space>} />
      {mapping && <MapDialog product={mapping} onClose={() => setMapping(undefined)} done={done} />}
    </>
  );
}
