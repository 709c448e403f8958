import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ResourcePage, type Resource } from '../../components/resource';
import type { ScheduledJob } from './api';
import { recordsOf } from './api';
import { JobDialog, type Dialog } from './JobDialogs';
import { scheduledJobs } from './resources';

/** SPEC §2 /system/task/schedule: the tasks, with run now, pause and resume, backfill, the schedule and the records. */
export default function JobsPage() {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const [reload, setReload] = useState<() => void>(() => () => undefined);
  const resource: Resource<ScheduledJob> = useMemo(() => {
    const open = (kind: Dialog['kind'], permission?: string, when?: (job: ScheduledJob) => boolean) => ({
      key: kind,
      label: `actions.${kind}`,
      permission,
      when,
      run: (job: ScheduledJob, context: { reload: () => void }) => { setReload(() => context.reload); setDialog({ kind, job }); },
    });
    return {
      ...scheduledJobs,
      rowActions: [
        open('run', 'job#run'),
        open('pause', 'job#pause', (job) => job.status === 'RUNNING'),
        open('resume', 'job#pause', (job) => job.status === 'PAUSED'),
        open('schedule'),
        open('backfill', 'job#run'),
        { key: 'records', label: 'actions.records', permission: 'task-log', opens: (job: ScheduledJob) => recordsOf(job.id), run: (job: ScheduledJob) => navigate(recordsOf(job.id)) },
      ],
    };
  }, [navigate]);
  return (
    <>
      <ResourcePage resource={resource} />
      {dialog ? <JobDialog dialog={dialog} onClose={() => setDialog(undefined)} done={reload} /> : null}
    </>
  );
}
