// Test support only (imported from *.test.tsx files, never from app code): a fake API at the HTTP
// boundary of the shared client, so component tests exercise the real request code.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../http';

export type FakeApiHandler = (config: InternalAxiosRequestConfig) => { status: number; data?: unknown; headers?: Record<string, string> };

export interface RecordedCall {
  method: string;
  url: string;
  params: unknown;
  auth: string | undefined;
  body: unknown;
}

/** Answers every call of `api` from the handler and records it. */
export function serveFakeApi(handler: FakeApiHandler): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      auth: AxiosHeaders.from(config.headers).get('Authorization') as string | undefined,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    });
    await new Promise((resolve) => setTimeout(resolve, 1));
    const { status, data, headers = {} } = handler(config);
    const response = { data, status, statusText: '', headers: AxiosHeaders.from(headers), config } as AxiosResponse;
    if (status >= 400) throw new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', config, undefined, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return calls;
}

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned token the client can decode (the server is what verifies signatures). */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
