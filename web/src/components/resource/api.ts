import { http, MAX_TIMEOUT_MS } from '../../api/http';
import type { Row } from './types';

export interface PageOf<R> {
  items: R[];
  total: number;
  /** The server stopped counting at its cap: the pager says "10,000+". */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

/** The server half of the kit (api/resource): search, detail, add, modify, delete, export, import. */
export function resourceApi<R extends Row>(api: string) {
  return {
    search: (body: Record<string, unknown>, signal?: AbortSignal) => http.post<PageOf<R>>(`${api}/search`, body, { signal }),
    detail: (id: number, signal?: AbortSignal) => http.get<R>(`${api}/detail/${id}`, { signal }),
    /** Validation errors come back to the form, so these do not notify by themselves. */
    add: (values: Record<string, unknown>, idempotencyKey?: string) =>
      http.post<R>(`${api}/add`, values, { notify: false, idempotencyKey }),
    modify: (values: Record<string, unknown>) => http.post<R>(`${api}/modify`, values, { notify: false }),
    remove: (id: number) => http.delete<null>(`${api}/delete/${id}`),
    exportFile: (body: Record<string, unknown>) => http.download(`${api}/export`, body, { timeoutMs: MAX_TIMEOUT_MS }),
    /** An empty workbook headed like the export, required columns marked `*` (api/resource Resource.template). */
    importTemplate: () => http.download(`${api}/import-template`, undefined, { timeoutMs: MAX_TIMEOUT_MS }),
    importFile: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return http.post<{ imported: number }>(`${api}/import`, form, { notify: false, timeoutMs: MAX_TIMEOUT_MS });
    },
  };
}

export type ResourceApi<R extends Row> = ReturnType<typeof resourceApi<R>>;

/** Hands a downloaded file to the browser under its name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
