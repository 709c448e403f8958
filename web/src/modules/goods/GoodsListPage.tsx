import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import type { ChannelProduct } from './api';
import { ListingTabs } from './ListingTabs';
import { MapDialog } from './MapDialog';
import { channelActions, channelProducts } from './resources';

/** SPEC §2 /operation/ginee-oms/manage-goods/goods-list: channel products under their listing tabs, mapped to
 *  master SKUs (picked), enabled, disabled or deleted by the listing state machine, master products auto-created. */
export default function GoodsListPage() {
  const t = useTranslate(['goods', 'resource']);
  const queryClient = useQueryClient();
  const [mapping, setMapping] = useState<ChannelProduct>();
  const resource = useMemo(() => ({ ...channelProducts, ...channelActions(setMapping, t) }), [t]);
  const done = () => void queryClient.invalidateQueries({ queryKey: [channelProducts.api] });
  return (
    <>
      <ListingTabs />
      <ResourcePage resource={resource} />
      {mapping && <MapDialog product={mapping} onClose={() => setMapping(undefined)} done={done} />}
    </>
  );
}
