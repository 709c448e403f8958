import { useMemo, useState } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Can } from '../../app/access/can';
import { ResourcePage, type RowAction } from '../../components/resource';
import { useTranslate } from '../../i18n';
import type { SettingChange } from './api';
import { settings, type Setting } from './resources';
import { SwitchesDialog } from './SwitchesDialog';

/** SPEC §2 /operation/ginee-oms/erp-settings/stock-settings: lock stock and promotion stock per merchant. */
export default function StockSettingsPage() {
  const t = useTranslate(['stock-sync', 'resource']);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ initial?: SettingChange }>();
  const resource = useMemo(() => {
    const rowActions: RowAction<Setting>[] = [{
      key: 'switch', label: 'changeSwitches', permission: 'stock-settings#edit',
      run: (row) => setEditing({ initial: { merchantId: row.merchantId, lockStock: row.lockStock, promotionStock: row.promotionStock } }),
    }];
    return { ...settings, rowActions };
  }, []);
  const extra = (
    <Can permission="stock-settings#edit">
      <Button type="primary" icon={<SettingOutlined aria-hidden />} onClick={() => setEditing({})}>{t('setSwitches')}</Button>
    </Can>
  );
  return (
    <>
      <ResourcePage resource={resource} extra={extra} />
      {editing && <SwitchesDialog initial={editing.initial} onClose={() => setEditing(undefined)}
        done={() => void queryClient.invalidateQueries({ queryKey: ['stock-sync/setting'] })} />}
    </>
  );
}
