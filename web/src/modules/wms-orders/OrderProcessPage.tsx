import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { ResourcePage } from '../../components/resource';
import { wmsOrders, type WmsOrder } from './resource';
import { AbnormalDialog, PackDialog } from './dialogs';

/** SPEC §2 /order-process: the warehouse's outbound orders and their working steps. */
export default function OrderProcessPage() {
  const t = useTranslate(['wms-orders', 'resource']);
  const queryClient = useQueryClient();
  const [packing, setPacking] = useState<WmsOrder[]>();
  const [holding, setHolding] = useState<WmsOrder[]>();
  const resource = useMemo(() => wmsOrders({ pack: setPacking, abnormal: setHolding }, t), [t]);
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['wms-order'] });
  const done = () => { setPacking(undefined); setHolding(undefined); reload(); };
  return (
    <>
      <ResourcePage resource={resource} />
      {packing && <PackDialog rows={packing} onClose={() => setPacking(undefined)} onDone={done} />}
      {holding && <AbnormalDialog rows={holding} onClose={() => setHolding(undefined)} onDone={done} />}
    </>
  );
}
