import { useMemo, useState } from 'react';
import { Button, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../app/access/can';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { CreateReturnDialog } from './CreateReturnDialog';
import { InspectDialog } from './InspectDialog';
import { returnActions, returnsResource, slas } from './resources';
import type { ReturnOrder } from './api';

/** SPEC §2 /after-service-time: the returns with their steps and handling times, and each warehouse's SLA. */
export default function ReturnsPage() {
  const t = useTranslate(['after-sales', 'resource']);
  const can = useCan();
  const queryClient = useQueryClient();
  const [inspecting, setInspecting] = useState<ReturnOrder>();
  const [creating, setCreating] = useState(false);
  const resource = useMemo(() => returnsResource(returnActions((row) => setInspecting(row))), []);
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['after-sales/return'] });
  const extra = can('return#add') && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
      {t('createReturn')}
    </Button>
  );
  return (
    <>
      <Tabs
        items={[
          { key: 'returns', label: t('returnEntity'), children: <ResourcePage resource={resource} extra={extra} /> },
          { key: 'sla', label: t('slaEntity'), children: <ResourcePage resource={slas} /> },
        ]}
      />
      {inspecting && <InspectDialog row={inspecting} onClose={() => setInspecting(undefined)} onDone={() => { setInspecting(undefined); reload(); }} />}
      {creating && <CreateReturnDialog onClose={() => setCreating(false)} onDone={() => { setCreating(false); reload(); }} />}
    </>
  );
}
