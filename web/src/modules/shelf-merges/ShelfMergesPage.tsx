import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCan } from '../../app/access/can';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { shelfMerges } from './resources';
import { StartMergeDialog } from './StartMergeDialog';

/** Shelf merges under location management: every merge with its state, and a new one started from here. */
export default function ShelfMergesPage() {
  const t = useTranslate(['shelf-merges']);
  const can = useCan();
  const [starting, setStarting] = useState(false);
  const start = can('shelf-merge#add') && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setStarting(true)}>{t('start')}</Button>
  );
  return (
    <>
      <ResourcePage resource={shelfMerges} extra={start || undefined} />
      <StartMergeDialog open={starting} onClose={() => setStarting(false)} />
    </>
  );
}
