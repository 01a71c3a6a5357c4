import type { SsrApiAnswer, SsrApiCall } from '@deals/contract/ssr';
import { ApiError, getJson, postJson } from '../http';

export type ApiCall = SsrApiCall;
export type ApiAnswer = SsrApiAnswer;

/** One key per distinct call: the server records answers under it and the browser finds them. */
export function callKey(call: ApiCall): string {
  const query = Object.entries(call.query ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${call.method} ${call.path}${query ? `?${query}` : ''}${call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`}`;
}

/** The call through the browser's fetch. */
export function request<T>(call: ApiCall, signal?: AbortSignal): Promise<T> {
  return call.method === 'POST' ? postJson<T>(call.path, call.body, signal) : getJson<T>(call.path, call.query, signal);
}

/** A recorded answer as the data a hook returns, or the error a failed call would have thrown. */
export function settle<T>(answer: ApiAnswer): { data: T | undefined; error: unknown } {
  if (answer.status >= 200 && answer.status < 300) return { data: answer.body as T, error: undefined };
  const message = answer.body && typeof answer.body === 'object' && 'message' in answer.body ? String(answer.body.message) : `HTTP ${answer.status}`;
  return { data: undefined, error: new ApiError(answer.status, message) };
}
