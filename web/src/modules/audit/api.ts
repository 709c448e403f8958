import { api, type Body } from '../../api/client';
import { MAX_TIMEOUT_MS, type DownloadedFile } from '../../api/http';
import type { PageOf, StartedExport } from '../../components/resource/api';
import type { components } from '../../api/schema';

export type AuditRow = components['schemas']['OperationLogPublic'];
export type AuditDetail = components['schemas']['OperationLogDetail'];
export type EntityChange = components['schemas']['EntityChangePublic'];

type Filters = Body<'/cms/audit/search', 'post'>;

/** A search over a time range (`{startTime, endTime, page, pageSize, sort, ...filters}`) and its xlsx export. */
export interface RangeApi<R> {
  search(body: Record<string, unknown>, signal?: AbortSignal): Promise<PageOf<R>>;
  /** The file, or the export task it became past the server's threshold. */
  exportFile(body: Record<string, unknown>): Promise<DownloadedFile | StartedExport>;
}

/** The audit search over a time range (`{startTime, endTime, page, pageSize, sort, ...filters}`) and its xlsx export. */
export const auditApi: RangeApi<AuditRow> & { detail(id: number, signal?: AbortSignal): Promise<AuditDetail> } = {
  search: (body: Record<string, unknown>, signal?: AbortSignal) => api.post('/cms/audit/search', { body: body as Filters, signal }),
  exportFile: (body: Record<string, unknown>) => api.download('/cms/audit/export', { body: body as Filters, timeoutMs: MAX_TIMEOUT_MS }),
  detail: (id: number, signal?: AbortSignal) => api.get('/cms/audit/detail/{log_id}', { params: { path: { log_id: id } }, signal }),
};
