/**
 * A feed's offers, read as they arrive: every page fetched through the outbound-fetch guard
 * (`openStream`), parsed as a stream (csv-parse, or @streamparser/json for an array, JSON lines or
 * a wrapper object), never held whole. The bytes of all pages together are capped, and so are the
 * offers, the pages and the run's time. Each offer comes out as the import's cells by column key.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { JSONParser } from '@streamparser/json';
import { CsvError, parse } from 'csv-parse';
import {
  DEAL_IMPORT_COLUMNS,
  DEAL_IMPORT_MESSAGES,
  FEED_EXTRA_COLUMNS,
  FEED_JSON_ARRAY_KEYS,
  FEED_JSON_NEXT_KEYS,
  FEED_LIMITS,
  FEED_MESSAGES,
  importHeaderKey,
  type FeedColumnKey,
  type FeedFormat,
} from '@deals/contract';
import { FetchRefused, openStream } from '../lib/safe-fetch.js';

/** Why a run failed as a whole; its message is kept in the run's history. */
export class FeedFailure extends Error {}

export type FeedCells = Partial<Record<FeedColumnKey, string>>;

export interface FeedOfferRecord {
  /** The CSV line, or the offer's place in the feed (1 first) for JSON. */
  position: number;
  cells: FeedCells;
}

export interface FeedSourceOptions {
  url: string;
  format: FeedFormat;
  /** The feed's own header per column key. */
  columns: Readonly<Record<string, string>>;
  headers: Record<string, string>;
  allowHosts: readonly string[];
  allowLoopback: boolean;
  maxBytes?: number;
  timeoutMs?: number;
}

const ALL_COLUMNS = [...FEED_EXTRA_COLUMNS, ...DEAL_IMPORT_COLUMNS];

/**
 * Header → column key: the feed's own mapping first; then the import's headers and aliases for
 * the columns the mapping does not name (a mapped column is found only under its mapped header).
 */
export function columnResolver(columns: Readonly<Record<string, string>>): (header: string) => FeedColumnKey | null {
  const byHeader = new Map<string, FeedColumnKey>();
  const mapped = new Set(Object.keys(columns));
  for (const [key, header] of Object.entries(columns)) byHeader.set(importHeaderKey(header), key as FeedColumnKey);
  for (const column of ALL_COLUMNS) {
    if (mapped.has(column.key)) continue;
    for (const name of [column.header, column.key, ...column.aliases]) {
      const found = importHeaderKey(name);
      if (!byHeader.has(found)) byHeader.set(found, column.key);
    }
  }
  const cache = new Map<string, FeedColumnKey | null>();
  return (header) => {
    let key = cache.get(header);
    if (key === undefined) {
      key = byHeader.get(importHeaderKey(header)) ?? null;
      if (cache.size < 10_000) cache.set(header, key);
    }
    return key;
  };
}

/** `Link: <…>; rel="next"` (RFC 8288), resolved against the page's own address. */
export function nextLink(headers: IncomingHttpHeaders, base: string): string | null {
  const link = headers.link;
  if (!link) return null;
  for (const part of (Array.isArray(link) ? link.join(',') : link).split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2]!)) {
      try {
        return new URL(match[1]!, base).toString();
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A JSON value as a cell: text as it is, numbers as written, flags as Yes/No, lists joined by `|`. */
function cellOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    const parts = value.map(cellOf).filter((part): part is string => part !== undefined && part !== '');
    return parts.length ? parts.join('|') : undefined;
  }
  return undefined;
}

/** An offer object's cells: nested objects read as "parent child" headers (`advertiser.id` → `advertiser id`), two levels deep. */
export function jsonCells(offer: Record<string, unknown>, resolve: (header: string) => FeedColumnKey | null): FeedCells {
  const cells: FeedCells = {};
  const visit = (object: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [name, value] of Object.entries(object)) {
      const header = prefix ? `${prefix} ${name}` : name;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        if (depth < 2) visit(value as Record<string, unknown>, header, depth + 1);
        continue;
      }
      const key = resolve(header);
      const cell = cellOf(value);
      // The first column found for a key wins, unless it was empty.
      if (key && cell !== undefined && !cells[key]?.trim()) cells[key] = cell;
    }
  };
  visit(offer, '', 0);
  return cells;
}

/** Counts the bytes of every page together against the cap, and passes them on. */
class ByteBudget {
  private used = 0;
  constructor(private readonly max: number) {}
  async *through(body: Readable): AsyncGenerator<Buffer> {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      this.used += buffer.length;
      if (this.used > this.max) {
        body.destroy();
        throw new FeedFailure(FEED_MESSAGES.tooLarge);
      }
      yield buffer;
    }
  }
}

async function* csvPage(chunks: AsyncIterable<Buffer>, resolve: (header: string) => FeedColumnKey | null, requiredCheck: (keys: ReadonlySet<FeedColumnKey>) => void): AsyncGenerator<FeedOfferRecord> {
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024 });
  const feeding = (async () => {
    try {
      for await (const chunk of chunks) {
        if (parser.destroyed) return;
        if (!parser.write(chunk)) {
          await new Promise<void>((resume) => {
            const done = () => {
              parser.off('drain', done);
              parser.off('close', done);
              resume();
            };
            parser.once('drain', done);
            parser.once('close', done);
          });
        }
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let keys: (FeedColumnKey | null)[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!keys) {
        keys = record.map((header) => resolve(header));
        requiredCheck(new Set(keys.filter((key): key is FeedColumnKey => key !== null)));
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      const cells: FeedCells = {};
      keys.forEach((key, index) => {
        const cell = record[index];
        if (key && cell !== undefined && !cells[key]?.trim()) cells[key] = cell;
      });
      yield { position: info.lines, cells };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new FeedFailure(DEAL_IMPORT_MESSAGES.notCsv(error.message.replace(/^Invalid [^:]*: /, '')));
    throw error;
  } finally {
    // A reader that stopped early (a failure, too many offers) ends the feeding too.
    if (!parser.writableFinished) parser.destroy();
    await feeding;
  }
}

const WRAPPER_PATHS = FEED_JSON_ARRAY_KEYS.map((key) => `$.${key}.*`);

/**
 * JSON offers of one page, and the wrapper's `next` page when it names one. The first character
 * says the shape: `[` an array of offers; `{` JSON lines (one offer per line) or a wrapper object
 * holding the offers under one of FEED_JSON_ARRAY_KEYS.
 */
async function* jsonPage(chunks: AsyncIterable<Buffer>, onNext: (url: string) => void): AsyncGenerator<Record<string, unknown>> {
  // Closures write these: kept in one object so the checks below read them fresh.
  const state: { parser: JSONParser | null; failure: Error | null } = { parser: null, failure: null };
  const ready: Record<string, unknown>[] = [];
  const start = (first: string): JSONParser => {
    const array = first === '[';
    if (!array && first !== '{') throw new FeedFailure(FEED_MESSAGES.notJsonOffers);
    // keepStack false: emitted offers are dropped from their parent, so memory holds one offer, not the page.
    const parser = new JSONParser({ paths: array ? ['$.*'] : ['$', ...WRAPPER_PATHS], keepStack: false, ...(array ? {} : { separator: '' }) });
    parser.onValue = ({ value, stack }) => {
      if (stack.length > 0) {
        if (value && typeof value === 'object' && !Array.isArray(value)) ready.push(value as Record<string, unknown>);
        else state.failure = new FeedFailure(FEED_MESSAGES.notJsonOffers);
        return;
      }
      // A root value: a JSON-lines offer, or the wrapper once its offers were taken out.
      if (!value || typeof value !== 'object' || Array.isArray(value)) return;
      const root = value as Record<string, unknown>;
      if (FEED_JSON_ARRAY_KEYS.some((name) => Array.isArray(root[name]))) {
        const next = FEED_JSON_NEXT_KEYS.map((name) => root[name]).find((candidate) => typeof candidate === 'string' && candidate);
        if (typeof next === 'string') onNext(next);
      } else ready.push(root);
    };
    parser.onError = (error) => {
      state.failure = error;
    };
    return parser;
  };
  const failed = () => {
    const failure = state.failure;
    return failure instanceof FeedFailure ? failure : new FeedFailure(FEED_MESSAGES.notJson(failure?.message ?? 'unreadable'));
  };
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    if (!state.parser) {
      const text = decoder.decode(chunk, { stream: true }).replace(/^\uFEFF/, '').trimStart();
      if (!text) continue;
      state.parser = start(text[0]!);
      state.parser.write(text);
    } else state.parser.write(chunk);
    if (state.failure) throw failed();
    while (ready.length) yield ready.shift()!;
  }
  if (!state.parser) throw new FeedFailure(FEED_MESSAGES.notJsonOffers);
  try {
    if (!state.parser.isEnded) state.parser.end();
  } catch (error) {
    state.failure ??= error as Error;
  }
  if (state.failure) throw failed();
  while (ready.length) yield ready.shift()!;
}

/** Every offer of every page of the feed, in order. */
export async function* readFeed(options: FeedSourceOptions, requiredCheck: (keys: ReadonlySet<FeedColumnKey>) => void): AsyncGenerator<FeedOfferRecord> {
  const resolve = columnResolver(options.columns);
  const budget = new ByteBudget(options.maxBytes ?? FEED_LIMITS.maxBytes);
  const signal = AbortSignal.timeout(options.timeoutMs ?? FEED_LIMITS.timeoutMs);
  const seenPages = new Set<string>();
  let url: string | null = options.url;
  let position = 0;
  let offers = 0;
  while (url) {
    if (seenPages.size >= FEED_LIMITS.maxPages) throw new FeedFailure(FEED_MESSAGES.tooManyPages);
    // A next link back to a page already read would loop for ever.
    if (seenPages.has(url)) break;
    seenPages.add(url);
    let page;
    try {
      page = await openStream(url, { signal, allowHosts: options.allowHosts, allowLoopback: options.allowLoopback, maxRedirects: 3, headers: options.headers });
    } catch (error) {
      throw new FeedFailure(FEED_MESSAGES.fetchFailed(error instanceof FetchRefused ? error.message : 'the server could not be reached'));
    }
    let next = nextLink(page.headers, page.url);
    const chunks = budget.through(page.body);
    try {
      if (options.format === 'CSV') {
        for await (const record of csvPage(chunks, resolve, requiredCheck)) {
          if (++offers > FEED_LIMITS.maxOffers) throw new FeedFailure(FEED_MESSAGES.tooManyOffers);
          yield record;
        }
      } else {
        const base = page.url;
        for await (const offer of jsonPage(chunks, (found) => {
          next ??= (() => {
            try {
              return new URL(found, base).toString();
            } catch {
              return null;
            }
          })();
        })) {
          if (++offers > FEED_LIMITS.maxOffers) throw new FeedFailure(FEED_MESSAGES.tooManyOffers);
          yield { position: ++position, cells: jsonCells(offer, resolve) };
        }
      }
    } catch (error) {
      page.body.destroy();
      if (error instanceof FeedFailure) throw error;
      if (signal.aborted) throw new FeedFailure(FEED_MESSAGES.fetchFailed('it took too long'));
      throw new FeedFailure(FEED_MESSAGES.fetchFailed('the connection broke off'));
    }
    url = next;
  }
}
