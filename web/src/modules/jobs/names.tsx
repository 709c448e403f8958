import { enumLabel, useEnumOptions } from '../../components/resource';
import type { JobRecord, ScheduledJob } from './api';

type JobOf = Pick<ScheduledJob, 'handler' | 'method'>;
type TaskOf = Pick<ScheduledJob, 'name' | 'jobKey'>;

/**
 * The names of the catalogue's jobs in the reader's language (the JobKey enumeration, `handler.method`), and of
 * the tasks: a built-in task under its built-in name (that job's English label: `jobKey`, from the server) is
 * named by its job, so it reads in the reader's language too; a task of the operators, or a built-in one they
 * renamed, keeps the name they gave it.
 */
export function useJobNames() {
  const jobs = useEnumOptions('JobKey');
  const job = ({ handler, method }: JobOf) => enumLabel(jobs, `${handler}.${method}`);
  const task = (row: TaskOf) => (row.jobKey ? enumLabel(jobs, row.jobKey) : row.name);
  return { job, task };
}

export function JobName({ row }: { row: JobOf }) {
  return <>{useJobNames().job(row)}</>;
}

export function TaskName({ row }: { row: TaskOf }) {
  const name = useJobNames().task(row);
  return <span title={name === row.name ? undefined : row.name}>{name}</span>;
}

/** A run's task: a built-in task's run (`jobKey`, while the task keeps its name) by its job in the reader's language. */
export function RecordName({ row }: { row: Pick<JobRecord, 'jobName' | 'jobKey'> }) {
  const jobs = useEnumOptions('JobKey');
  return <span title={row.jobKey ? row.jobName : undefined}>{row.jobKey ? enumLabel(jobs, row.jobKey) : row.jobName}</span>;
}
