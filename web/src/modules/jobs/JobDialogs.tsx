import { DatePicker, Descriptions, Drawer, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { toast } from '../../components/feedback';
import { formatTime } from '../../components/format/time';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { useTranslate } from '../../i18n';
import { jobsApi, type JobHandler, type ScheduledJob } from './api';
import { describeCron } from './cron';
import { ParamFields, useHandlers } from './inputs';
import { useJobNames } from './names';
import { StatsBackfillProgress, type StatsBackfill } from './StatsBackfillProgress';

export type Dialog = { kind: 'run' | 'pause' | 'resume' | 'backfill' | 'schedule'; job: ScheduledJob };

/** The dialog a row action opened; `done` reloads the list. */
export function JobDialog({ dialog, onClose, done }: { dialog: Dialog; onClose: () => void; done: () => void }) {
  if (dialog.kind === 'schedule') return <ScheduleDrawer job={dialog.job} onClose={onClose} />;
  if (dialog.kind === 'run') return <RunDialog job={dialog.job} onClose={onClose} />;
  if (dialog.kind === 'backfill') return <BackfillDialog job={dialog.job} onClose={onClose} />;
  return <ReasonDialog job={dialog.job} pause={dialog.kind === 'pause'} onClose={onClose} done={done} />;
}

/** Run now; what is filled in overrides the task's parameters for this run only. A refused parameter (SPEC §5)
 * is shown under the parameters, as the task form shows it. */
function RunDialog({ job, onClose }: { job: ScheduledJob; onClose: () => void }) {
  const t = useTranslate(['jobs', 'resource']);
  const names = useJobNames();
  const [form] = Form.useForm<{ params: Record<string, unknown> }>();
  const schema = useHandlers().find((h) => h.handler === job.handler && h.method === job.method);
  const run = useMutation({
    mutationFn: ({ params = {} }: { params?: Record<string, unknown> }) =>
      jobsApi.run(job.id, Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined))),
    onSuccess: () => { toast.success(t('runStarted')); onClose(); },
    onError: (error) => showFieldErrors(form, error, ['params']),
  });
  return (
    <Modal open title={t('runTitle', { name: names.task(job) })} okText={t('run')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={run.isPending} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('runHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="job-run" initialValues={{ params: {} }} onFinish={(values) => run.mutate(values)}>
        <Form.Item name="params" label={t('params')}>
          <RunParams job={schema} t={t} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The override controls as a form control: the form holds their value, and the server's errors. */
function RunParams({ job, value, onChange, t }: { job: JobHandler | undefined; value?: Record<string, unknown>; onChange?: (value: Record<string, unknown>) => void; t: (key: string) => string }) {
  return <ParamFields job={job} value={value ?? {}} onChange={onChange} t={t} />;
}

function ReasonDialog({ job, pause, onClose, done }: { job: ScheduledJob; pause: boolean; onClose: () => void; done: () => void }) {
  const t = useTranslate(['jobs', 'resource']);
  const names = useJobNames();
  const [form] = Form.useForm();
  const act = useMutation({
    mutationFn: ({ reason }: { reason: string }) => (pause ? jobsApi.pause(job.id, reason) : jobsApi.resume(job.id, reason)),
    onSuccess: () => { toast.success(t(pause ? 'paused' : 'resumed')); done(); onClose(); },
    onError: (error) => showFieldErrors(form, error, ['reason']),
  });
  return (
    <Modal open title={t(pause ? 'pauseTitle' : 'resumeTitle', { name: names.task(job) })} okText={t(pause ? 'pause' : 'resume')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={act.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" name="job-reason" onFinish={(values: { reason: string }) => act.mutate(values)}>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }, { max: 150 }]}>
          <Input.TextArea rows={2} maxLength={150} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The order statistics rollup (its built-in task) backfills a date range by its own flow: the hours are rolled again
 * in batches and the dialog follows its progress. Any other task runs the fires its cron had in the window. */
const STATS_ROLLUP = (job: ScheduledJob) => job.handler === 'orderStats' && job.method === 'rollup';

function BackfillDialog({ job, onClose }: { job: ScheduledJob; onClose: () => void }) {
  const t = useTranslate(['jobs', 'resource']);
  const names = useJobNames();
  const [form] = Form.useForm();
  const [started, setStarted] = useState<StatsBackfill>();
  const stats = STATS_ROLLUP(job);
  const act = useMutation({
    mutationFn: ({ window }: { window: [Dayjs, Dayjs] }) => {
      const [start, end] = stats ? [window[0].startOf('day'), window[1].endOf('day')] : window; // whole days
      return jobsApi.backfill(job.id, start.toISOString(), end.toISOString());
    },
    onSuccess: (reply) => {
      toast.success(t('backfillStarted'));
      if (reply) setStarted(reply);
      else onClose();
    },
    onError: (error) => showFieldErrors(form, error, ['window']),
  });
  return (
    <Modal open title={t('backfillTitle', { name: names.task(job) })} okText={started ? t('common.ok') : t('backfill')} cancelText={t('common.cancel')} onOk={() => (started ? onClose() : form.submit())} onCancel={onClose} confirmLoading={act.isPending} destroyOnHidden>
      {started ? (
        <StatsBackfillProgress started={started} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t(stats ? 'statsBackfillHint' : 'backfillHint')}</Typography.Paragraph>
          <Form form={form} layout="vertical" name="job-backfill" onFinish={(values: { window: [Dayjs, Dayjs] }) => act.mutate(values)}>
            <Form.Item name="window" label={t('window')} rules={[{ required: true, message: t('windowRequired') }]}>
              <DatePicker.RangePicker showTime={!stats} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

/** What Temporal says of the schedule: paused or not, its note, the next 5 fire times, the last runs. */
function ScheduleDrawer({ job, onClose }: { job: ScheduledJob; onClose: () => void }) {
  const t = useTranslate(['jobs', 'resource']);
  const names = useJobNames();
  const { i18n } = useTranslation();
  const { data } = useQuery({ queryKey: ['job', job.id, 'schedule'], queryFn: () => jobsApi.schedule(job.id) });
  return (
    <Drawer open title={t('scheduleTitle', { name: names.task(job) })} onClose={onClose} width={520} destroyOnHidden>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('cron')}>{job.cron} ({job.timeZone})<br />{describeCron(job.cron, i18n.language)}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>{data ? t(data.paused ? 'schedulePaused' : 'scheduleActive') : '…'}</Descriptions.Item>
        {data?.note ? <Descriptions.Item label={t('pauseNote')}>{data.note}</Descriptions.Item> : null}
        <Descriptions.Item label={t('nextTimes')}>
          <ol data-testid="next-times" style={{ margin: 0, paddingLeft: 20 }}>{(data?.nextTimes ?? []).map((time) => <li key={time}>{formatTime(time)}</li>)}</ol>
        </Descriptions.Item>
        {data?.scheduleUrl ? (
          <Descriptions.Item label="Temporal"><a href={data.scheduleUrl} target="_blank" rel="noopener noreferrer">{t('openSchedule')}</a></Descriptions.Item>
        ) : null}
      </Descriptions>
    </Drawer>
  );
}
