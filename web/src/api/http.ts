import { storedLanguage } from '../i18n/languages';
import { i18n } from '../i18n';
import { ABORTED, ApiError, BAD_REPLY, NETWORK_ERROR, TIMEOUT } from './ApiError';
import { isEnvelope, SUCCESS } from './envelope';
import { notifyFailure } from './notifier';
import { endSession } from './session';
import { CSRF_HEADER, csrfProof } from './token';

export const API_BASE = '/cms/';
/** SPEC §7: the usual time-out, and the ceiling a slow call (exports, imports) may ask for. */
export const DEFAULT_TIMEOUT_MS = 150_000;
export const MAX_TIMEOUT_MS = 1_200_000;

export const TRANSACTION_ID_HEADER = 'X-Transaction-Id';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query string; null and undefined values are left out. */
  params?: Record<string, QueryValue | QueryValue[]>;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  /** Per-call time-out, capped at MAX_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Show the error notification on failure (default true). */
  notify?: boolean;
  /** HTTP statuses whose envelope is an answer, not a failure (the health check's 503). */
  acceptStatus?: readonly number[];
  signal?: AbortSignal;
  /** `file`: a non-JSON success reply (an xlsx export) resolves as a DownloadedFile. */
  expect?: 'json' | 'file';
  /** Sent as `Idempotency-Key` on creations: a repeat with the same key returns the first record. */
  idempotencyKey?: string;
}

/** A file the server streamed back (exports), with the name it suggested. */
export class DownloadedFile {
  constructor(
    readonly blob: Blob,
    readonly filename: string,
  ) {}
}

/** The name in `Content-Disposition` (`filename*=UTF-8''...` preferred over `filename="..."`). */
export function dispositionFilename(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed name: try the plain one
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() || fallback;
}

function isFileReply(response: Response, options: Pick<RequestOptions, 'expect'>): boolean {
  return options.expect === 'file' && response.ok && !(response.headers.get('Content-Type') ?? '').includes('json');
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function apiPath(path: string): string {
  return `${API_BASE}${path.replace(/^\/+/, '').replace(/^cms\//, '')}`;
}

function withQuery(path: string, params: RequestOptions['params']): string {
  if (!params) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) query.append(key, String(item));
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function headersFor(body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': storedLanguage() });
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  // The session cookie goes by itself; the proof that this page sent the call goes in a header (docs/decisions/csrf.md).
  const proof = csrfProof();
  if (proof) headers.set(CSRF_HEADER, proof);
  return headers;
}

function withIdempotencyKey(headers: Headers, key: string | undefined): Headers {
  if (key) headers.set('Idempotency-Key', key);
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

function fail(error: ApiError, notify: boolean): never {
  if (notify) notifyFailure(error);
  throw error;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * One call to the console API. Resolves with the envelope's `data`; rejects with an ApiError
 * (after showing a notification with the message, the path and the transaction id).
 */
export function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(method, apiPath(path), withQuery(apiPath(path), options.params), options);
}

/**
 * The transport under both clients (this one and the typed one, api/client.ts): sends `url` (`/cms/...`, its
 * query included) with the session's headers, and turns the reply into the envelope's data or an ApiError.
 * `shownPath` is what a failure names (the path without its query).
 */
export async function send<T>(method: HttpMethod, shownPath: string, url: string, options: Omit<RequestOptions, 'params'>): Promise<T> {
  const notify = options.notify ?? true;
  const timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);
  const noReply = { transactionId: '', status: 0, data: undefined, path: shownPath };

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(url, {
      method,
      headers: withIdempotencyKey(headersFor(options.body), options.idempotencyKey),
      body: encodeBody(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    payload = isFileReply(response, options)
      ? new DownloadedFile(await response.blob(), dispositionFilename(response.headers.get('Content-Disposition'), 'download'))
      : await readJson(response);
  } catch (cause) {
    if (timedOut) {
      fail(new ApiError({ ...noReply, code: TIMEOUT, message: i18n.t('http.timeout', { seconds: Math.round(timeoutMs / 1000) }) }), notify);
    }
    if (options.signal?.aborted) fail(new ApiError({ ...noReply, code: ABORTED, message: 'aborted' }), false);
    const detail = cause instanceof Error ? cause.message : String(cause);
    fail(new ApiError({ ...noReply, code: NETWORK_ERROR, message: `${i18n.t('http.networkError')} (${detail})` }), notify);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const { status } = response;
  const headerTransactionId = response.headers.get(TRANSACTION_ID_HEADER) ?? '';
  if (payload instanceof DownloadedFile) return payload as T;

  if (!isEnvelope(payload)) {
    fail(
      new ApiError({
        code: BAD_REPLY,
        message: i18n.t('http.badReply', { status }),
        transactionId: headerTransactionId,
        status,
        data: payload,
        path: shownPath,
      }),
      notify,
    );
  }
  if ((payload.code === SUCCESS && response.ok) || options.acceptStatus?.includes(status)) {
    return payload.data as T;
  }
  if (status === 401) endSession();
  fail(
    new ApiError({
      code: payload.code,
      message: payload.message,
      transactionId: payload.transactionId || headerTransactionId,
      status,
      data: payload.data,
      path: shownPath,
    }),
    notify,
  );
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** POST that answers with a file (exports); failures still arrive as envelopes. */
  download: (path: string, body?: unknown, options?: RequestOptions) =>
    request<DownloadedFile>('POST', path, { ...options, body, expect: 'file' }),
};
