import { vi } from 'vitest';

/** What the fake server saw: one entry a request. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Replaces `fetch` (the network boundary) with a server that answers from `reply`,
 * and records every request it receives.
 */
export function fakeApi(reply: (request: SeenRequest) => FakeReply | Promise<FakeReply>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SeenRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
    };
    seen.push(request);
    const answer = await reply(request);
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(body, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  return seen;
}

export function envelope(data: unknown, code = 'SUCCESS', message = 'ok', transactionId = 'tx-1') {
  return { code, message, data, transactionId };
}
