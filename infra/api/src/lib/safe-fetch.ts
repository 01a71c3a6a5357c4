/**
 * Fetches a file from a URL someone typed (a deal feed's image URLs) without letting it reach
 * the server's own network (SSRF): http(s) only, every address the name resolves to must be a
 * public unicast one, and the connection goes to the address that was checked (the `lookup`
 * hook answers it, so a DNS answer cannot change between check and connect). Redirects are
 * followed by hand, each checked the same way; the body is capped in size and the whole fetch
 * in time.
 *
 * `allowHosts` (the `FETCH_ALLOW_HOSTS` setting) names hosts or addresses that may be private all
 * the same: an intranet store, a test server. Unset, nothing private is reachable.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a fetch was refused or failed, for callers that classify it (the link checks). */
export type FetchFailure =
  | 'NOT_WEB'
  | 'CREDENTIALS'
  | 'NOT_PUBLIC'
  | 'STATUS'
  | 'NO_LOCATION'
  | 'TOO_MANY_REDIRECTS'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'UNKNOWN_HOST'
  | 'UNREACHABLE';

export class FetchRefused extends Error {
  constructor(
    message: string,
    readonly failure: FetchFailure = 'UNREACHABLE',
    /** The address the failure happened at (after redirects). */
    readonly url?: string,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Tests only: also allow loopback (their servers listen on 127.0.0.1). */
  allowLoopback?: boolean;
  /** Host names or addresses reachable even when private (`FETCH_ALLOW_HOSTS`). */
  allowHosts?: readonly string[];
  /** Request headers (default: an image request of the deal import). */
  headers?: Record<string, string>;
  /** A body beyond `maxBytes`: refused (default, for files) or cut there (for pages that are only read). */
  overflow?: 'refuse' | 'truncate';
}

/** The settings' `FETCH_ALLOW_HOSTS`: comma-separated host names or addresses, lower-cased, brackets off. */
export function parseAllowHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, ''))
    .filter(Boolean);
}

interface Guard {
  allowLoopback: boolean;
  allowHosts: ReadonlySet<string>;
}

const guardOf = (options: SafeFetchOptions): Guard => ({ allowLoopback: options.allowLoopback ?? false, allowHosts: new Set(options.allowHosts ?? []) });

/** Only globally routable unicast addresses: no private, loopback, link-local, CGNAT, multicast or reserved ones. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

function reachable(address: string, guard: Guard): boolean {
  return guard.allowHosts.has(address.toLowerCase()) || isPublicAddress(address, guard.allowLoopback);
}

function guardedLookup(guard: Guard): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as LookupAddress[];
      const named = guard.allowHosts.has(hostname.toLowerCase());
      // Every answer must be public: a name that also resolves to 10.0.0.1 is refused whole.
      if (list.length === 0 || !(named || list.every((entry) => reachable(entry.address, guard)))) {
        return callback(new FetchRefused('the address is not a public one', 'NOT_PUBLIC'), '', 4);
      }
      const first = list[0]!;
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

function checkUrl(text: string, guard: Guard): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchRefused('not a web address', 'NOT_WEB');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('only http and https addresses are fetched', 'NOT_WEB', text);
  if (url.username || url.password) throw new FetchRefused('addresses with credentials are not fetched', 'CREDENTIALS', text);
  // A literal address never goes through the lookup hook: judge it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !reachable(host, guard)) throw new FetchRefused('the address is not a public one', 'NOT_PUBLIC', text);
  return url;
}

const IMAGE_HEADERS = { accept: 'image/*', 'user-agent': 'DealDrop-Import/1.0' };

/** One request to the checked address; the answer's headers, its body still to read. */
function requestOnce(url: URL, options: SafeFetchOptions, guard: Guard, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: guardedLookup(guard), signal, headers: options.headers ?? IMAGE_HEADERS }, resolve);
    request.on('error', reject);
  });
}

const isRedirect = (response: http.IncomingMessage) => {
  const status = response.statusCode ?? 0;
  return status >= 300 && status < 400 && !!response.headers.location;
};

async function getOnce(url: URL, options: SafeFetchOptions, guard: Guard, signal: AbortSignal): Promise<{ status: number; location?: string; body?: Buffer }> {
  const truncate = options.overflow === 'truncate';
  const response = await requestOnce(url, options, guard, signal);
  const status = response.statusCode ?? 0;
  if (isRedirect(response)) {
    response.resume();
    return { status, location: response.headers.location! };
  }
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    if (declared > options.maxBytes && !truncate) {
      response.destroy();
      return reject(new FetchRefused('the file is too large', 'TOO_LARGE', url.toString()));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => resolve({ status, body: Buffer.concat(chunks).subarray(0, options.maxBytes) });
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size > options.maxBytes) {
        response.destroy();
        if (truncate) finish();
        else reject(new FetchRefused('the file is too large', 'TOO_LARGE', url.toString()));
      }
    });
    response.on('end', finish);
    response.on('error', (error) => (size > options.maxBytes ? undefined : reject(error)));
  });
}

/** Turns a low-level failure into a FetchRefused saying why. */
function refusal(error: unknown, signal: AbortSignal, url: URL): FetchRefused {
  if (error instanceof FetchRefused) return error;
  if (signal.aborted) return new FetchRefused('it took too long', 'TIMEOUT', url.toString());
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FetchRefused('the host name is unknown', 'UNKNOWN_HOST', url.toString());
  return new FetchRefused('the server could not be reached', 'UNREACHABLE', url.toString());
}

/** A final (non-redirect) answer: its status, where the redirects ended and its body (capped). */
export interface FetchAnswer {
  status: number;
  url: string;
  body: Buffer;
}

/** The answer at `text` after at most `maxRedirects` redirects, whatever its status; a FetchRefused when there is none. */
export async function fetchAnswer(text: string, options: SafeFetchOptions): Promise<FetchAnswer> {
  const guard = guardOf(options);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkUrl(text, guard);
  try {
    for (let hop = 0; ; hop++) {
      const answer = await getOnce(url, options, guard, signal);
      if (answer.body) return { status: answer.status, url: url.toString(), body: answer.body };
      if (hop >= options.maxRedirects) throw new FetchRefused('too many redirects', 'TOO_MANY_REDIRECTS', url.toString());
      url = checkUrl(new URL(answer.location!, url).toString(), guard);
    }
  } catch (error) {
    throw refusal(error, signal, url);
  }
}

/** A 200 answer whose body is read as a stream (a feed): its address after redirects, headers and body. */
export interface StreamAnswer {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: http.IncomingMessage;
}

/**
 * Opens `text` for streaming, guarded as `fetchAnswer` is (redirects checked one by one); any
 * status but 200 is a FetchRefused. The body is the caller's to read and to cap in size; `signal`
 * bounds the whole exchange, reading included (the caller's time limit).
 */
export async function openStream(text: string, options: Omit<SafeFetchOptions, 'maxBytes' | 'timeoutMs' | 'overflow'> & { signal: AbortSignal }): Promise<StreamAnswer> {
  const guard = guardOf({ ...options, maxBytes: 0, timeoutMs: 0 });
  const { signal } = options;
  let url = checkUrl(text, guard);
  try {
    for (let hop = 0; ; hop++) {
      const response = await requestOnce(url, { ...options, maxBytes: 0, timeoutMs: 0 }, guard, signal);
      if (!isRedirect(response)) {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.resume();
          throw new FetchRefused(`the server answered ${status}`, 'STATUS', url.toString());
        }
        return { url: url.toString(), headers: response.headers, body: response };
      }
      response.resume();
      if (hop >= options.maxRedirects) throw new FetchRefused('too many redirects', 'TOO_MANY_REDIRECTS', url.toString());
      url = checkUrl(new URL(response.headers.location!, url).toString(), guard);
    }
  } catch (error) {
    throw refusal(error, signal, url);
  }
}

/** The body of a 200 answer at `url` (after at most `maxRedirects` redirects), or a FetchRefused saying why not. */
export async function safeFetch(text: string, options: SafeFetchOptions): Promise<Buffer> {
  const answer = await fetchAnswer(text, options);
  if (answer.status !== 200) throw new FetchRefused(`the server answered ${answer.status}`, 'STATUS', answer.url);
  return answer.body;
}
