import { http } from '../../api/http';
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
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The deploy module's calls (api/routers/deploy_*.py; docs/deployments.md). */
export const deployApi = {
  tasks: (filters: Record<string, unknown>) => http.post<Page<DeployTask>>('deploy/task/search', filters),
  task: (id: number, signal?: AbortSignal) => http.get<TaskDetail>(`deploy/task/detail/${id}`, { signal }),
  addTask: (body: TaskBody) => http.post<DeployTask>('deploy/task/add', body, { notify: false }),
  modifyTask: (id: number, body: TaskBody) => http.post<DeployTask>('deploy/task/modify', { ...body, id }, { notify: false }),
  diff: (id: number, from: number, to: number) => http.get<RevisionChange[]>(`deploy/task/${id}/diff`, { params: { from, to } }),
  review: (id: number, decision: string, comment: string) => http.post<DeployTask>(`deploy/task/${id}/review`, { decision, comment }),
  projects: () => http.get<ProjectOption[]>('deploy/project/options'),
  runs: (filters: Record<string, unknown>) => http.post<Page<DeployRun>>('deploy/run/search', filters),
  deploy: (taskId: number, overrideReason?: string) =>
    http.post<DeployRun>('deploy/run/add', { taskId, overrideFreeze: Boolean(overrideReason), overrideReason: overrideReason ?? '' }),
  retry: (runId: number) => http.post<DeployRun>(`deploy/run/${runId}/retry`, {}),
  cancel: (runId: number) => http.post<DeployRun>(`deploy/run/${runId}/cancel`, {}),
  rollback: (projectId: number, environment: Environment) => http.post<DeployRun>('deploy/run/rollback', { projectId, environment }),
  log: (runId: number, before?: number) => http.get<LogPage>(`deploy/run/${runId}/log`, { params: before ? { before, limit: 8 } : { limit: 8 } }),
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
