import { api, type Body } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type DeployTask = Schemas['TaskPublic'];
export type DeployRun = Schemas['RunPublic'];
export type TaskDetail = Schemas['TaskDetail'];
export type RevisionChange = Schemas['RevisionChange'];
export type LogPage = Schemas['LogPage'];
export type ProjectOption = Schemas['ProjectOption'];
export type TaskBody = Schemas['TaskBody'];
export type Environment = Schemas['DeployEnvironment'];
export type ReviewDecision = Schemas['ReviewBody']['decision'];
/** The server's defaults, sent as they are: no freeze overridden. */
const NO_OVERRIDE = { overrideFreeze: false, overrideReason: '' };

const task = (id: number) => ({ path: { task_id: id } });
const run = (id: number) => ({ path: { run_id: id } });

/** The deploy module's calls (api/routers/deploy_*.py; docs/deployments.md). */
export const deployApi = {
  tasks: (filters: Record<string, unknown>) => api.post('/cms/deploy/task/search', { body: filters as Body<'/cms/deploy/task/search', 'post'> }),
  task: (id: number, signal?: AbortSignal) => api.get('/cms/deploy/task/detail/{task_id}', { params: task(id), signal }),
  addTask: (body: TaskBody) => api.post('/cms/deploy/task/add', { body, notify: false }),
  modifyTask: (id: number, body: TaskBody) => api.post('/cms/deploy/task/modify', { body: { ...body, id }, notify: false }),
  diff: (id: number, from: number, to: number) => api.get('/cms/deploy/task/{task_id}/diff', { params: { ...task(id), query: { from, to } } }),
  review: (id: number, decision: ReviewDecision, comment: string) =>
    api.post('/cms/deploy/task/{task_id}/review', { params: task(id), body: { decision, comment }, notify: false }),
  projects: () => api.get('/cms/deploy/project/options'),
  runs: (filters: Record<string, unknown>) => api.post('/cms/deploy/run/search', { body: filters as Body<'/cms/deploy/run/search', 'post'> }),
  deploy: (taskId: number, overrideReason?: string) =>
    api.post('/cms/deploy/run/add', { body: { taskId, overrideFreeze: Boolean(overrideReason), overrideReason: overrideReason ?? '' } }),
  retry: (runId: number) => api.post('/cms/deploy/run/{run_id}/retry', { params: run(runId), body: NO_OVERRIDE }),
  cancel: (runId: number) => api.post('/cms/deploy/run/{run_id}/cancel', { params: run(runId) }),
  /** What a rollback would put back (refused, and said, when there is nothing earlier). */
  rollbackTarget: (projectId: number, environment: Environment) =>
    api.get('/cms/deploy/run/rollback-target', { params: { query: { projectId, environment } } }),
  rollback: (projectId: number, environment: Environment) => api.post('/cms/deploy/run/rollback', { body: { projectId, environment, ...NO_OVERRIDE } }),
  log: (runId: number, before?: number) => api.get('/cms/deploy/run/{run_id}/log', { params: { ...run(runId), query: { before, limit: 8 } } }),
};

/** The live part of a run's log: server-sent events from after `after`; the browser resumes with Last-Event-ID. */
export function streamLog(runId: number, after: number, onChunk: (seq: number, text: string) => void, onEnd: () => void): () => void {
  const source = new EventSource(`/cms/deploy/run/${runId}/log/stream?after=${after}`);
  source.addEventListener('chunk', (event) => {
    const message = event as MessageEvent<string>;
    onChunk(Number(message.lastEventId), JSON.parse(message.data) as string);
  });
  source.addEventListener('end', () => {
    source.close();
    onEnd();
  });
  return () => source.close();
}
