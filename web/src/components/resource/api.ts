import type { PathOf } from '../../api/client';
import { API_BASE, MAX_TIMEOUT_MS, request, type DownloadedFile } from '../../api/http';
import type { components } from '../../api/schema';
import type { Row } from './types';

/** An export past the server's threshold (api/resource/exporting.py): the export task it started, 'processing,
 *  please wait'; the file is written in the background and downloaded from the export list. */
export type StartedExport = components['schemas']['ExportTaskPublic'];

export interface PageOf<R> {
  items: R[];
  total: number;
  /** The server stopped counting at its cap: the pager says "10,000+". */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  /** Each tab's count for the same filters, for a list split into tabs (`Resource.tabs`). */
  tabs?: Record<string, number>;
}

/** A resource's API prefix: one the schema has a list search for (`courier`: `POST /cms/courier/search`), so a
 *  misspelt prefix is a type error; resources.test.ts checks the kit's other calls exist for each resource. */
export type ResourcePrefix = PathOf<'post'> extends infer P ? (P extends `${typeof API_BASE}${infer R}/search` ? R : never) : never;

/**
 * The server half of the kit (api/resource): search, detail, add, modify, delete, export, import. One shape for
 * every resource, so its paths are built from the prefix here (the transport of api/http.ts sends them).
 */
export function resourceApi<R extends Row>(api: ResourcePrefix) {
  return {
    /** `notify`: false for a search started ahead of its page (the page's own call shows what went wrong). */
    search: (body: Record<string, unknown>, signal?: AbortSignal, notify?: boolean) =>
      request<PageOf<R>>('POST', `${api}/search`, { body, signal, notify }),
    detail: (id: number, signal?: AbortSignal) => request<R>('GET', `${api}/detail/${id}`, { signal }),
    /** Validation errors come back to the form, so these do not notify by themselves. */
    add: (values: Record<string, unknown>, idempotencyKey?: string) =>
      request<R>('POST', `${api}/add`, { body: values, notify: false, idempotencyKey }),
    modify: (values: Record<string, unknown>) => request<R>('POST', `${api}/modify`, { body: values, notify: false }),
    remove: (id: number) => request<null>('DELETE', `${api}/delete/${id}`),
    /** The file at once, or the export task started when the list is large. */
    exportFile: (body: Record<string, unknown>) =>
      request<DownloadedFile | StartedExport>('POST', `${api}/export`, { body, timeoutMs: MAX_TIMEOUT_MS, expect: 'file' }),
    /** An empty workbook headed like the export, required columns marked `*` (api/resource Resource.template). */
    importTemplate: () => request<DownloadedFile>('POST', `${api}/import-template`, { timeoutMs: MAX_TIMEOUT_MS, expect: 'file' }),
    importFile: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<{ imported: number }>('POST', `${api}/import`, { body: form, notify: false, timeoutMs: MAX_TIMEOUT_MS });
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
