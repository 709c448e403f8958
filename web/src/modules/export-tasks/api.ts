import { api } from '../../api/client';
import { MAX_TIMEOUT_MS, request, type DownloadedFile } from '../../api/http';
import type { components } from '../../api/schema';

export type ExportTask = components['schemas']['ExportTaskPublic'];

/** Export tasks (api/routers/export_tasks.py; docs/exports.md): the file of an ACTIVE one, the retry of a failed one. */
export const exportTaskApi = {
  download: (id: number) =>
    request<DownloadedFile>('GET', `export-task/${id}/download`, { timeoutMs: MAX_TIMEOUT_MS, expect: 'file' }),
  retry: (id: number) => api.post('/cms/export-task/{task_id}/retry', { params: { path: { task_id: id } } }),
};
