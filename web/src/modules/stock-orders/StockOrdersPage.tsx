import { useMemo, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCan } from '../../app/access/can';
import { useTranslate } from '../../i18n';
import { ResourcePage } from '../../components/resource';
import { stockOrders, type StockOrder } from './resource';
import { ProgressDialog } from './ProgressDialog';
import { CreateDialog } from './CreateDialog';

/** SPEC §2 /operation/ginee-oms/stock/outbound-inbound-order-query: find orders by number, act on them. */
export default function StockOrdersPage() {
  const t = useTranslate(['stock-orders', 'resource']);
  const can = useCan();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [progressing, setProgressing] = useState<StockOrder>();
  const [creating, setCreating] = useState(false);
  const resource = useMemo(() => stockOrders({ progress: setProgressing }, t), [t]);
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['stock-order'] });
  const extra = can('stock-order#add') && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
      {t('create')}
    </Button>
  );
  return (
    <>
      <ResourcePage resource={resource} extra={extra} />
      {progressing && (
        <ProgressDialog order={progressing} onClose={() => setProgressing(undefined)} onDone={() => { setProgressing(undefined); reload(); }} />
      )}
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onDone={(order) => {
            setCreating(false);
            setParams({ orderNo: order.orderNo });  // the new order, found by its number
            reload();
          }}
        />
      )}
    </>
  );
}
