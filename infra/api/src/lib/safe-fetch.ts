/**
 * Fetches a file from a URL someone typed (a deal feed's image URLs) without letting it reach
 * the server's own network (SSRF): http(s) only, every address the name resolves to must be a
 * public unicast one, and the connection goes to the address that was checked (the `lookup`
 * hook answers it, so a DNS answer cannot change between check and connect). Redirects are
 * followed by hand, each checked the same way; the body is capped in size and the whole fetch
 * in time.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export class FetchRefused extends Error {
  constructor(message: string) {
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
}

/** Only globally routable unicast addresses: no private, loopback, link-local, CGNAT, multicast or reserved ones. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as LookupAddress[];
      // Every answer must be public: a name that also resolves to 10.0.0.1 is refused whole.
      if (list.length === 0 || !list.every((entry) => isPublicAddress(entry.address, allowLoopback))) {
        return callback(new FetchRefused('the address is not a public one'), '', 4);
      }
      const first = list[0]!;
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

function checkUrl(text: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchRefused('not a web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('only http and https addresses are fetched');
  if (url.username || url.password) throw new FetchRefused('addresses with credentials are not fetched');
  // A literal address never goes through the lookup hook: judge it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !isPublicAddress(host, allowLoopback)) throw new FetchRefused('the address is not a public one');
  return url;
}

function getOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<{ status: number; location?: string; body?: Buffer }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: guardedLookup(options.allowLoopback ?? false), signal, headers: { accept: 'image/*', 'user-agent': 'DealDrop-Import/1.0' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        return resolve({ status, location: response.headers.location });
      }
      if (status !== 200) {
        response.resume();
        return reject(new FetchRefused(`the server answered ${status}`));
      }
      const declared = Number(response.headers['content-length']);
      if (declared > options.maxBytes) {
        response.destroy();
        return reject(new FetchRefused('the file is too large'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new FetchRefused('the file is too large'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The body of a 200 answer at `url` (after at most `maxRedirects` redirects), or a FetchRefused saying why not. */
export async function safeFetch(text: string, options: SafeFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkUrl(text, options.allowLoopback ?? false);
  try {
    for (let hop = 0; ; hop++) {
      const answer = await getOnce(url, options, signal);
      if (answer.body) return answer.body;
      if (!answer.location) throw new FetchRefused(`the server answered ${answer.status} without a location`);
      if (hop >= options.maxRedirects) throw new FetchRefused('too many redirects');
      url = checkUrl(new URL(answer.location, url).toString(), options.allowLoopback ?? false);
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (signal.aborted) throw new FetchRefused('it took too long');
    const code = (error as { code?: string }).code;
    throw new FetchRefused(code === 'ENOTFOUND' ? 'the host name is unknown' : 'the server could not be reached');
  }
}
