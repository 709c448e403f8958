import { useState } from 'react';
import { Button } from 'antd';
import { SyncOutlined, ToolOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Can } from '../../app/access/can';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { balances } from './resources';
import { StockFixDialog } from './StockFixDialog';
import { SyncStockDialog } from './SyncStockDialog';

/** SPEC §2 /operation/ginee-oms/stock/search-warehouse-stock, with sync stock and stock fix (audited). */
export default function WarehouseStockPage() {
  const t = useTranslate(['stock-sync', 'resource']);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'sync' | 'fix'>();
  const done = () => void queryClient.invalidateQueries({ queryKey: ['stock-sync/stock'] });
  const extra = (
    <>
      <Can permission="stock#sync">
        <Button type="primary" icon={<SyncOutlined aria-hidden />} onClick={() => setOpen('sync')}>{t('syncStock')}</Button>
      </Can>
      <Can permission="stock#fix">
        <Button icon={<ToolOutlined aria-hidden />} onClick={() => setOpen('fix')}>{t('stockFix')}</Button>
      </Can>
    </>
  );
  return (
    <>
      <ResourcePage resource={balances} extra={extra} />
      {open === 'sync' && <SyncStockDialog onClose={() => setOpen(undefined)} done={done} />}
      {open === 'fix' && <StockFixDialog onClose={() => setOpen(undefined)} done={done} />}
    </>
  );
}
