import { useMemo, useState } from 'react';
import { Button, DatePicker, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { ResourcePage, type Resource } from '../../components/resource';
import { toast } from '../../components/feedback';
import { mailApi, type MailHistoryItem } from './api';
import { mailHistory } from './resources';

/** SPEC §2 mail history: every fire × recipient; failed mails of a fire, or of a time range, sent again. */
export default function MailHistoryPage() {
  const t = useTranslate(['mail', 'resource']);
  const can = useCan();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [open, setOpen] = useState(false);
  const resource: Resource<MailHistoryItem> = useMemo(
    () => ({
      ...mailHistory,
      rowActions: [
        {
          key: 'retry',
          label: 'history.retryFire',
          permission: 'mail-history#retry',
          confirm: 'history.retryFireConfirm',
          when: (row: MailHistoryItem) => row.status === 'FAILED',
          run: async (row: MailHistoryItem, context: { reload: () => void }) => {
            const done = await mailApi.retryFire(row.taskId, row.fireTime);
            toast.success(t('history.retried', { rows: done.rows, fires: done.fires }));
            context.reload();
          },
        },
        {
          key: 'flow',
          label: 'history.flow',
          when: (row: MailHistoryItem) => Boolean(row.workflowUrl),
          run: (row: MailHistoryItem) => window.open(row.workflowUrl ?? '', '_blank', 'noopener'),
        },
      ],
    }),
    [t],
  );
  const retryRange = async () => {
    if (!range?.[0] || !range[1]) return;
    const done = await mailApi.retryRange(range[0].toISOString(), range[1].toISOString());
    toast.success(t('history.retried', { rows: done.rows, fires: done.fires }));
    setOpen(false);
    void queryClient.invalidateQueries({ queryKey: ['mail-history'] });
  };
  const extra = can('mail-history#retry') && <Button onClick={() => setOpen(true)}>{t('history.retryRange')}</Button>;
  return (
    <>
      <ResourcePage resource={resource} extra={extra || undefined} />
      <Modal open={open} title={t('history.retryRange')} onCancel={() => setOpen(false)} onOk={() => void retryRange()}
        okButtonProps={{ disabled: !range?.[0] || !range[1] }} okText={t('history.retry')} cancelText={t('common.cancel')}>
        <p>{t('history.retryRangeHint')}</p>
        <DatePicker.RangePicker showTime value={range} onChange={(value) => setRange(value)} aria-label={t('fireTime')} />
      </Modal>
    </>
  );
}
