import { inject } from 'vitest';

/** The console under test (see globalSetup.ts). */
export const baseUrl = inject('baseUrl');

export function at(path: string): string {
  return `${baseUrl}${path}`;
}

/** Asks the API directly, to compare what the page shows with what the server says. */
export async function apiGet<T>(path: string, token?: string): Promise<{ status: number; data: T }> {
  return api<T>('GET', path, undefined, token);
}

export interface ApiReply<T> {
  status: number;
  code: string;
  message: string;
  data: T;
  transactionId: string;
}

/** One call to the console API, as a script would make it. */
export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<ApiReply<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(at(`/cms/${path}`), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const reply = (await response.json()) as Omit<ApiReply<T>, 'status'>;
  return { status: response.status, ...reply };
}
