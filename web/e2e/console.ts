import { inject } from 'vitest';

/** The console under test (see globalSetup.ts). */
export const baseUrl = inject('baseUrl');

export function at(path: string): string {
  return `${baseUrl}${path}`;
}

/** Asks the API directly, to compare what the page shows with what the server says. */
export async function apiGet<T>(path: string): Promise<{ status: number; data: T }> {
  const response = await fetch(at(`/cms/${path}`), { headers: { Accept: 'application/json' } });
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}
