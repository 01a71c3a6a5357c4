// Test support only: a fake API behind `fetch`, so component tests run the real request code of
// lib/http.ts. Mirrors `serveFakeApi` of @deals/shared-auth/testing.

export interface FetchCall {
  method: string;
  /** The path after the API base, without the query (e.g. `Home/SearchProduct`). */
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type FakeFetchHandler = (call: FetchCall) => { status: number; data?: unknown } | Promise<{ status: number; data?: unknown }>;

/** Answers every `fetch` from the handler and records the calls (in order). */
export function serveFakeFetch(handler: FakeFetchHandler): FetchCall[] {
  const calls: FetchCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FetchCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api\//, ''),
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null),
    };
    calls.push(call);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const { status, data } = await handler(call);
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => (data === undefined ? null : data),
    } as Response;
  }) as typeof fetch;
  return calls;
}
