import { runtimeConfig } from '@deals/shared-auth';

// The visitor site's calls are public and need no token refresh, so they use `fetch` and keep the
// back office's axios client (about 22 KB) off the visitor path.

/**
 * A failed call: the HTTP status, the server's `message` when it sent one, and its per-field
 * messages (`errors` of a 400: `{ email: '…', 'words.1': '…' }`) so a form can show each under its field.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function fieldMessages(body: object): Record<string, string> {
  const errors = 'errors' in body ? body.errors : null;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

type Query = Record<string, string | number | boolean | null | undefined>;

function url(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return `${runtimeConfig().apiBase}/${path}${qs ? `?${qs}` : ''}`;
}

async function send<T>(path: string, init: RequestInit, query?: Query): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url(path, query), { ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch {
    throw new ApiError(0, 'The network is unreachable');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    throw new ApiError(response.status, message, body && typeof body === 'object' ? fieldMessages(body) : {});
  }
  return body as T;
}

/** `GET {apiBase}/{path}?{query}`, answering the parsed JSON; rejects with ApiError. */
export function getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return send<T>(path, { method: 'GET', signal }, query);
}

/** `POST {apiBase}/{path}` with a JSON body. */
export function postJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return send<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, signal });
}

/** `DELETE {apiBase}/{path}?{query}`. */
export function deleteJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return send<T>(path, { method: 'DELETE', signal }, query);
}
