import { Alert, Tag, Typography } from 'antd';
import { RouteLink } from '../../components/RouteLink';
import type { components } from '../../api/schema';
import { referenceSelect } from '../../components/ReferenceSelect';
import { defineResource, type Column, type Resource, type Row, type RowAction } from '../../components/resource';
import { useTranslate, type Translate } from '../../i18n';
import { deployApi, type DeployRun, type DeployTask, type ProjectOption } from './api';
import { LogViewer } from './LogViewer';
import { lineHtml } from './logLines';

type RunDetail = components['schemas']['RunDetail'];

const RUN_COLOURS: Record<string, string> = { QUEUED: 'blue', RUNNING: 'processing', SUCCEEDED: 'success', FAILED: 'error',
  CANCELLED: 'default', WITHDRAWN: 'default', SUPERSEDED: 'default', FROZEN: 'warning' };
const TASK_COLOURS: Record<string, string> = { PENDING_REVIEW: 'processing', APPROVED: 'success', REJECTED: 'error', EXPIRED: 'default' };

export function RunStatus({ status }: { status: string }) {
  const t = useTranslate(['deployments']);
  return <Tag color={RUN_COLOURS[status]} data-testid="run-status">{t(`runStatus.${status}` as never)}</Tag>;
}

export function TaskStatus({ status }: { status: string }) {
  const t = useTranslate(['deployments']);
  return <Tag color={TASK_COLOURS[status]} data-testid="task-status">{t(`taskStatus.${status}` as never)}</Tag>;
}

/** The project filter of every deploy list: the projects named by code and name. */
const ProjectInput = referenceSelect<ProjectOption>('/cms/deploy/project/options', (p) => `${p.code} — ${p.name}`);
const projectFilter = <R extends Row>(): Column<R> => ({ key: 'projectId', title: 'project', table: false, filter: { input: ProjectInput } });

/** How a confirmation names a run or a task: its project, version and environment. */
export const deployName = (row: { projectCode: string; version: string; environment: string }, t: Translate) =>
  `${row.projectCode} ${row.version} · ${t(`environments.${row.environment}`)}`;

/** Deploy tasks (/system/audit/deploy/jenkins-deploy, the review screen): paged and filtered on the server. */
export const deployTasks = defineResource<DeployTask>({
  name: 'deploy-tasks',
  namespace: 'deployments',
  entity: 'taskEntity',
  api: 'deploy/task',
  permission: 'jenkins-deploy',
  defaultSort: '-id',
  detailPath: (task) => `/review/${task.id}`,
  label: deployName,
  columns: [
    { key: 'id', title: '#', sorter: true, priority: 'key', width: 70, format: (id) => <RouteLink to={`/review/${String(id)}`}>{String(id)}</RouteLink> },
    { key: 'name', title: 'name', priority: 'key', filter: true, format: (name, task) => <RouteLink to={`/review/${task.id}`}>{String(name)}</RouteLink> },
    projectFilter<DeployTask>(),
    { key: 'projectCode', title: 'project' },
    { key: 'version', title: 'version', sorter: true },
    { key: 'environment', title: 'environment', type: 'enum', enum: 'DeployEnvironment', filter: { multiple: true } },
    { key: 'status', title: 'status', type: 'enum', enum: 'DeployTaskStatus', priority: 'key', filter: { multiple: true }, format: (status) => <TaskStatus status={String(status)} /> },
    { key: 'revision', title: 'revision' },
    { key: 'authorName', title: 'author', priority: 'wide' },
    { key: 'reviewDueAt', title: 'reviewDue', type: 'datetime', sorter: true },
  ],
});

/** The review screen's tabs: one status set each, so their status filter is theirs. */
export const tasksIn = (status: string[]): Resource<DeployTask> => ({
  ...deployTasks,
  name: `deploy-tasks-${status.join('-').toLowerCase()}`,
  permission: 'review-management',
  fixed: { status },
  columns: deployTasks.columns.map((column) => (column.key === 'status' ? { ...column, filter: undefined } : column)),
});

/** What a run's confirmation asks, naming its project, version and environment (the kit adds the name). */
const runActions: RowAction<DeployRun>[] = [
  {
    key: 'retry', label: 'retry', permission: 'deploy#run', confirm: 'confirm.retry',
    when: (run) => ['FAILED', 'CANCELLED', 'WITHDRAWN', 'FROZEN'].includes(run.status),
    run: async (run, context) => {
      await deployApi.retry(run.id);
      context.reload();
    },
  },
  {
    key: 'withdraw', label: 'withdraw', permission: 'deploy#cancel', danger: true, confirm: 'confirm.withdraw',
    when: (run) => run.status === 'QUEUED',
    run: async (run, context) => {
      await deployApi.cancel(run.id);
      context.reload();
    },
  },
  {
    key: 'cancel', label: 'cancel', permission: 'deploy#cancel', danger: true, confirm: 'confirm.cancelRun',
    when: (run) => run.status === 'RUNNING',
    run: async (run, context) => {
      await deployApi.cancel(run.id);
      context.reload();
    },
  },
  {
    key: 'flow', label: 'flow',
    when: (run) => Boolean(run.workflowUrl),
    run: (run) => window.open(run.workflowUrl ?? '', '_blank', 'noopener'),
  },
];

/** A run's detail: why a failed run failed (its exit status and last lines), then its whole log. */
function RunLog({ row }: { row: RunDetail }) {
  const t = useTranslate(['deployments']);
  const tail = row.logTail ?? [];
  return (
    <div style={{ marginTop: 16 }}>
      {row.status === 'FAILED' && (
        <Alert
          type="error"
          showIcon
          data-testid="run-failure"
          style={{ marginBottom: 12 }}
          title={row.exitCode === null ? t('failedWithout', { error: row.error ?? '' }) : t('failedWith', { code: row.exitCode })}
          description={
            <>
              <Typography.Text type="secondary">{t('lastLines', { count: tail.length })}</Typography.Text>
              <pre data-testid="run-log-tail" style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12 }}>
                {tail.map((line, index) => (
                  // ansi-to-html escapes the text itself (escapeXML); only its colour spans are markup
                  <div key={index} dangerouslySetInnerHTML={{ __html: lineHtml(line) }} />
                ))}
              </pre>
            </>
          }
        />
      )}
      <LogViewer runId={row.id} height={420} />
    </div>
  );
}

/** Deploy runs: the release log; CI (development and test) and CD (staging and production) are its views. */
export const releaseLog = defineResource<DeployRun>({
  name: 'deploy-runs',
  namespace: 'deployments',
  entity: 'runEntity',
  api: 'deploy/run',
  permission: 'jenkins-deploy',
  defaultSort: '-id',
  label: deployName,
  refresh: 3000,
  detail: RunLog as Resource<DeployRun>['detail'],
  detailSize: 880,
  rowActions: runActions,
  columns: [
    { key: 'id', title: '#', sorter: true, priority: 'key', width: 70 },
    projectFilter<DeployRun>(),
    { key: 'projectCode', title: 'project', priority: 'key' },
    { key: 'version', title: 'version', priority: 'key', filter: true, sorter: true },
    { key: 'environment', title: 'environment', type: 'enum', enum: 'DeployEnvironment', filter: { multiple: true } },
    { key: 'kind', title: 'kind', type: 'enum', enum: 'DeployRunKind', filter: { multiple: true } },
    { key: 'status', title: 'status', type: 'enum', enum: 'DeployRunStatus', priority: 'key', filter: { multiple: true }, format: (status) => <RunStatus status={String(status)} /> },
    { key: 'requestedByName', title: 'requestedBy', priority: 'wide' },
    { key: 'startedAt', title: 'startedAt', type: 'datetime', sorter: true },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime', sorter: true },
    { key: 'createdAt', title: 'common.createdAt', type: 'datetime', filter: true, hidden: true },
    { key: 'exitCode', title: 'exitCode', type: 'number', hidden: true },
    { key: 'error', title: 'error', hidden: true },
  ],
});

/** The runs of some environments only: their environment filter is the screen's. */
const runsIn = (name: string, permission: string, environment: string[]): Resource<DeployRun> => ({
  ...releaseLog,
  name,
  permission,
  fixed: { environment },
  columns: releaseLog.columns.map((column) => (column.key === 'environment' ? { ...column, filter: undefined } : column)),
});

export const ciRuns = runsIn('deploy-runs-ci', 'audit-ci', ['DEV', 'TEST']);
export const cdRuns = runsIn('deploy-runs-cd', 'audit-cd', ['STAGING', 'PRODUCTION']);

/** One task's runs, on its review page. */
export const runsOf = (taskId: number): Resource<DeployRun> => ({ ...releaseLog, name: 'deploy-task-runs', permission: 'review-detail', fixed: { taskId } });
