import { useState } from 'react';
import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../app/access/can';
import { useTranslate } from '../../i18n';
import { DETAIL_PATH } from './api';
import { StartMergeDialog } from './StartMergeDialog';

/** Location management's way into shelf merges: start one (`shelf-merge#add`), and the list of merges. */
export function MergeShelvesButton() {
  const t = useTranslate(['shelf-merges']);
  const can = useCan();
  const [open, setOpen] = useState(false);
  return (
    <Space>
      {can('shelf-merges') && <Link to={DETAIL_PATH}>{t('list')}</Link>}
      {can('shelf-merge#add') && <Button onClick={() => setOpen(true)}>{t('start')}</Button>}
      <StartMergeDialog open={open} onClose={() => setOpen(false)} />
    </Space>
  );
}
