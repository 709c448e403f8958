import { http, MAX_TIMEOUT_MS } from '../../api/http';
import type { components } from '../../api/schema';
import type { PageOf } from '../../components/resource/api';

export type AuditRow = components['schemas']['OperationLogPublic'];
export type AuditDetail = components['schemas']['OperationLogDetail'];
export type EntityChange = components['schemas']['EntityChangePublic'];

/** A search over a time range (`{startTime, endTime, page, pageSize, sort, ...filters}`) and its xlsx export. */
export function rangeApi<R>(prefix: string) {
  return {
    search: (body: Record<string, unknown>, signal?: AbortSignal) => http.post<PageOf<R>>(`${prefix}/search`, body, { signal }),
    exportFile: (body: Record<string, unknown>) => http.download(`${prefix}/export`, body, { timeoutMs: MAX_TIMEOUT_MS }),
  };
}

export type RangeApi<R> = ReturnType<typeof rangeApi<R>>;

export const auditApi = {
  ...rangeApi<AuditRow>('audit'),
  detail: (id: number, signal?: AbortSignal) => http.get<AuditDetail>(`audit/detail/${id}`, { signal }),
};
