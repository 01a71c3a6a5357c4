/**
 * Click-outs: `GET /out/{dealId}` answers 302 to the deal's store link and records
 * the click, exposed as `fastify.clickOuts`.
 *
 * - Which deals redirect: every deal that exists, live or not (expired, not started yet, inactive
 *   or of a closed store). A visitor may hold a page rendered a minute before the deal ended, and a
 *   redirect to the store only does what the link on that page promised; the store answers for
 *   the offer itself. An unknown id (or one that is not a number) answers 404: the site's
 *   not-found page for a browser, `{ message }` otherwise.
 * - No personal data is stored: a click is kept as (deal, UTC day, visitor key) with
 *   visitor key = sha256(day's salt, IP, user agent). The salt is random per UTC day, shared by all
 *   instances through `click_salts` (the first instance inserts, ON CONFLICT DO NOTHING, every one
 *   reads the winner) and deleted after a day, so a key cannot be recomputed later. The primary key
 *   (deal, day, visitor) makes one visitor count once per deal per day.
 * - Not counted (still redirected): HEAD requests, prefetch/prerender requests (`Purpose` or
 *   `Sec-Purpose` naming prefetch or prerender) and known bots by user agent (the `isbot` package;
 *   a missing user agent counts as a bot).
 * - The redirect never waits for the database beyond the link lookup (cached per content
 *   version, so a staff edit of the link is seen within a second everywhere): clicks go to an
 *   in-memory buffer, written every `flushMs` (1 s) or as soon as `batchSize` (500) are waiting, in
 *   one statement (INSERT … ON CONFLICT DO NOTHING into deal_clicks, and the newly inserted ones
 *   added to the hourly counts of deal_click_hours). IP and user agent stay in memory only until
 *   that write, where they are hashed. A failed write keeps the clicks for the next one (at most
 *   MAX_BUFFER). A clean shutdown (preClose, and again at onClose) writes what is buffered.
 * - Affiliate tracking: the redirect goes to the deal's link expanded through its link template
 *   (the store's, the deal's own, or none: contract affiliate-links.ts). Every redirect through a
 *   template gets a new click id (a random UUID without dashes: 122 random bits, unguessable, no
 *   visitor data, unique across instances without coordination), written with the buffered clicks
 *   to `affiliate_clicks` (deal, store, moment) for every browser request, prefetches included (a
 *   browser may follow the prefetched redirect), bots excluded. The id is per redirect, the count
 *   per visitor and day: a visitor clicking twice counts once and gets two ids.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expandAffiliateLink, templateForDeal, type DealAffiliateMode } from '@deals/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import type { Database } from '../../db/client.js';
import { createWriteBuffer } from '../../lib/write-buffer.js';
import type { AppOptions } from '../../options.js';

/** Tuning and the clock of the click recording (tests pass their own). */
export interface ClickOutOptions {
  /** The clock of the clicks (their day and hour). Default: `() => new Date()`. */
  now?: () => Date;
  /** Buffered clicks are written at least this often. Default 1,000 ms. */
  flushMs?: number;
  /** ...and as soon as this many are waiting. Default 500. */
  batchSize?: number;
}

/** Clicks kept when the database cannot be written (the oldest are dropped beyond this). */
export const MAX_BUFFER = 100_000;
/** Deal links kept in memory for the redirect (a map, cleared when it grows beyond this). */
const LINK_CACHE_SIZE = 20_000;

export interface Click {
  dealId: number;
  ip: string;
  userAgent: string;
  at: Date;
  /** Counted as the visitor's click of the day (false: a prefetch, recorded only for its click id). */
  counted?: boolean;
  /** The click id the tracking link carried, and the deal's store. */
  clickId?: string;
  storeId?: number;
}

/** A new click id: 32 lower-case hex digits, accepted by every network's sub-id parameter. */
export const newClickId = (): string => randomUUID().replaceAll('-', '');

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The visitor key of a click: no personal data, and unlinkable once the day's salt is deleted. */
export function visitorKey(salt: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('base64url');
}

/** Whether a request only looks ahead (browser prefetch or prerender), not a visitor's click. */
export function isPrefetch(headers: FastifyRequest['headers']): boolean {
  const purpose = `${headers['purpose'] ?? ''} ${headers['sec-purpose'] ?? ''} ${headers['x-purpose'] ?? ''} ${headers['x-moz'] ?? ''}`.toLowerCase();
  return /prefetch|prerender|preview/.test(purpose);
}

/** Whether the request is a click to count: a GET by a browser that is not prefetching. */
export function countable(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  return request.method === 'GET' && fromVisitor(request.headers);
}

/** Whether a request comes from a visitor's browser: not a prefetch, not a bot (a missing user agent counts as one). */
export function fromVisitor(headers: FastifyRequest['headers']): boolean {
  return !isPrefetch(headers) && fromBrowser(headers);
}

/** Whether a request comes from a browser, prefetching or not: a user agent that is not a known bot. */
export function fromBrowser(headers: FastifyRequest['headers']): boolean {
  const userAgent = headers['user-agent'];
  return Boolean(userAgent) && !isbot(userAgent);
}

/** The day's salt, shared by every instance: inserted once, ON CONFLICT DO NOTHING, then read. */
export function createSaltSource(db: Database) {
  const known = new Map<string, string>();
  return async (day: string): Promise<string> => {
    const cached = known.get(day);
    if (cached) return cached;
    await db.execute(sql`INSERT INTO click_salts (day, salt) VALUES (${day}::date, ${randomBytes(32).toString('base64url')}) ON CONFLICT DO NOTHING`);
    const result = (await db.execute(sql`SELECT salt FROM click_salts WHERE day = ${day}::date`)) as unknown as { rows: { salt: string }[] };
    const salt = result.rows[0]?.salt;
    if (!salt) throw new Error(`no click salt for ${day}`);
    if (known.size > 4) known.clear();
    known.set(day, salt);
    return salt;
  };
}

export function createClickRecorder(db: Database, log: FastifyBaseLogger, options: ClickOutOptions = {}, onWritten?: (lagSeconds: number) => void) {
  const saltOf = createSaltSource(db);

  async function write(batch: readonly Click[]): Promise<void> {
    const rows: { product_id: number; day: string; visitor: string; clicked_at: string }[] = [];
    const tagged: { click_id: string; product_id: number; category_id: number | null; clicked_at: string }[] = [];
    for (const click of batch) {
      if (click.clickId) tagged.push({ click_id: click.clickId, product_id: click.dealId, category_id: click.storeId ?? null, clicked_at: click.at.toISOString() });
      if (click.counted === false) continue;
      const day = utcDay(click.at);
      rows.push({ product_id: click.dealId, day, visitor: visitorKey(await saltOf(day), click.ip, click.userAgent), clicked_at: click.at.toISOString() });
    }
    // One statement: the new (deal, day, visitor) rows, sorted so concurrent instances never
    // deadlock, the first click of a key kept; deals deleted meanwhile are skipped; the rows that
    // were new are added to their hour's count.
    await db.execute(sql`WITH c AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS c(product_id int, day date, visitor text, clicked_at timestamptz)
      ), tagged AS (
        INSERT INTO affiliate_clicks (click_id, product_id, category_id, clicked_at)
        SELECT t.click_id, p.id, k.id, t.clicked_at
        FROM jsonb_to_recordset(${JSON.stringify(tagged)}::jsonb) AS t(click_id text, product_id int, category_id int, clicked_at timestamptz)
        LEFT JOIN products p ON p.id = t.product_id LEFT JOIN categories k ON k.id = t.category_id
        ON CONFLICT DO NOTHING
      ), inserted AS (
        INSERT INTO deal_clicks (product_id, day, visitor, clicked_at)
        SELECT c.product_id, c.day, c.visitor, c.clicked_at FROM c WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id)
        ORDER BY c.product_id, c.day, c.visitor, c.clicked_at
        ON CONFLICT DO NOTHING
        RETURNING product_id, clicked_at
      )
      INSERT INTO deal_click_hours (product_id, hour, clicks)
      SELECT product_id, date_trunc('hour', clicked_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, count(*)::int
      FROM inserted GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (product_id, hour) DO UPDATE SET clicks = deal_click_hours.clicks + excluded.clicks`);
    if (onWritten) {
      const writtenAt = Date.now();
      for (const click of batch) onWritten((writtenAt - click.at.getTime()) / 1_000);
    }
  }

  const buffer = createWriteBuffer(write, log, 'deal clicks', { ...options, maxBuffer: MAX_BUFFER });
  return {
    /** Buffers a click to count; returns at once. */
    record: (click: Click) => buffer.push(click),
    flush: buffer.flush,
    /** Clicks waiting to be written. */
    pending: buffer.pending,
    /** Stops the timer and writes what is buffered. */
    close: buffer.close,
  };
}

export type ClickRecorder = ReturnType<typeof createClickRecorder>;

/** Where `/out/{dealId}` sends a click: the deal's link, its store and the template that tags it (null: none). */
interface Target {
  link: string;
  storeId: number;
  template: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    clickOuts: ClickRecorder;
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const now = opts.clickOuts?.now ?? (() => new Date());
    const recorder = createClickRecorder(fastify.db, fastify.log, opts.clickOuts, fastify.metrics.clickOutLag);
    fastify.decorate('clickOuts', recorder);

    /** Deal targets by id, valid for one content version (any staff write starts a new one). */
    const links = new Map<number, Target>();
    let linksVersion = -1;
    async function targetOf(dealId: number): Promise<Target | null> {
      const version = await fastify.contentVersion.current();
      if (version !== linksVersion) {
        links.clear();
        linksVersion = version;
      }
      const cached = links.get(dealId);
      if (cached !== undefined) return cached;
      const result = (await fastify.db.execute(sql`SELECT p.link, p.category_id, p.affiliate_mode, p.affiliate_link_template, c.affiliate_link_template AS store_template
        FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ${dealId}`)) as unknown as {
        rows: { link: string; category_id: number; affiliate_mode: DealAffiliateMode; affiliate_link_template: string | null; store_template: string | null }[];
      };
      const row = result.rows[0];
      if (!row) return null;
      const template = templateForDeal({ affiliateMode: row.affiliate_mode, affiliateLinkTemplate: row.affiliate_link_template }, { affiliateLinkTemplate: row.store_template });
      const target: Target = { link: row.link, storeId: row.category_id, template };
      if (links.size >= LINK_CACHE_SIZE) links.clear();
      links.set(dealId, target);
      return target;
    }

    // GET, and HEAD through Fastify's automatic HEAD route (redirected, never counted).
    fastify.get<{ Params: { dealId: string } }>(
      '/out/:dealId',
      { schema: { hide: true }, logLevel: 'warn' },
      async (request, reply) => {
        const raw = request.params.dealId;
        const dealId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
        const target = Number.isSafeInteger(dealId) && dealId <= 2_147_483_647 ? await targetOf(dealId) : null;
        if (target === null) return reply.callNotFound();
        const clickId = target.template ? newClickId() : undefined;
        const link = expandAffiliateLink(target.template, { url: target.link, clickId: clickId ?? '', dealId, storeId: target.storeId });
        const counted = countable(request);
        // A prefetched redirect may be the one the browser follows: its click id is kept, uncounted.
        if (counted || (clickId && request.method === 'GET' && fromBrowser(request.headers))) {
          recorder.record({ dealId, ip: request.ip, userAgent: request.headers['user-agent'] ?? '', at: now(), counted, clickId, storeId: target.storeId });
        }
        return reply
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex, nofollow')
          .redirect(link, 302);
      },
    );

    // preClose: before the server and the database close; onClose again for clicks of requests
    // that were still being answered (this plugin's onClose runs before the database's).
    fastify.addHook('preClose', async () => recorder.close());
    fastify.addHook('onClose', async () => {
      if (recorder.pending() > 0) await recorder.flush();
    });
  },
  { name: 'click-outs', dependencies: ['database', 'content-version', 'metrics'] },
);
