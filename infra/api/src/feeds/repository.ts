/** Reads and bookkeeping of feeds, their runs and their offers (the writes of a run are in run.ts). */
import { sql, type SQL } from 'drizzle-orm';
import {
  FEED_LIMITS,
  type FailingFeed,
  type Feed,
  type FeedOffer,
  type FeedOfferSortKey,
  type FeedRun,
  type GetFeedOffersQuery,
  type TablePage,
  TABLE_DEFAULT_PAGE_SIZE,
} from '@deals/contract';
import type { Database } from '../db/client.js';
import type { FeedOfferValues } from '../db/schema.js';
import type { FeedCounts } from './run.js';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A run older than this without a heartbeat died with its instance (a running run beats every 30 s). */
export const RUN_STALE_SECONDS = 120;

interface RunRow {
  id: number;
  feed_id: number;
  trigger: FeedRun['trigger'];
  status: FeedRun['status'];
  started_at: string;
  finished_at: string | null;
  offers: number;
  created: number;
  pending: number;
  linked: number;
  updated: number;
  expired: number;
  unchanged: number;
  rejected: number;
  problems: FeedRun['problems'] | string;
  unknown_stores: string[] | string;
  error: string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function runOf(row: RunRow): FeedRun {
  const finished = isoOf(row.finished_at);
  return {
    id: Number(row.id),
    feedId: Number(row.feed_id),
    trigger: row.trigger,
    status: row.status,
    startedAt: isoOf(row.started_at)!,
    finishedAt: finished,
    durationMs: finished ? Date.parse(finished) - Date.parse(isoOf(row.started_at)!) : null,
    offers: Number(row.offers),
    created: Number(row.created),
    pending: Number(row.pending),
    linked: Number(row.linked),
    updated: Number(row.updated),
    expired: Number(row.expired),
    unchanged: Number(row.unchanged),
    rejected: Number(row.rejected),
    problems: json(row.problems),
    unknownStores: json(row.unknown_stores),
    error: row.error,
  };
}

const RUN_COLUMNS = sql.raw('r.id, r.feed_id, r.trigger, r.status, r.started_at, r.finished_at, r.offers, r.created, r.pending, r.linked, r.updated, r.expired, r.unchanged, r.rejected, r.problems, r.unknown_stores, r.error');

export async function listFeeds(db: Executor, id?: number): Promise<Feed[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT f.*,
        (SELECT row_to_json(last) FROM (SELECT ${RUN_COLUMNS} FROM deal_feed_runs r WHERE r.feed_id = f.id ORDER BY r.id DESC LIMIT 1) last) AS last_run,
        (SELECT count(*)::int FROM deal_feed_offers o WHERE o.feed_id = f.id AND o.status = 'PENDING') AS offers_pending,
        (SELECT count(*)::int FROM deal_feed_offers o WHERE o.feed_id = f.id AND o.status = 'LIVE') AS offers_live
      FROM deal_feeds f ${id === undefined ? sql`` : sql`WHERE f.id = ${id}`} ORDER BY lower(f.name), f.id`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name as string,
    url: row.url as string,
    format: row.format as Feed['format'],
    mode: row.mode as Feed['mode'],
    everyHours: Number(row.every_hours),
    listsAllOffers: row.lists_all_offers as boolean,
    isActive: row.is_active as boolean,
    secretHeaderName: (row.secret_header_name as string | null) ?? null,
    hasSecret: !!row.secret_header_value,
    columns: json(row.columns as Record<string, string>),
    defaults: json(row.defaults as Record<string, string>),
    advertisers: json(row.advertisers as Record<string, number>),
    createdAt: isoOf(row.created_at as string)!,
    updatedAt: isoOf(row.updated_at as string)!,
    nextRunAt: row.is_active ? isoOf(row.next_run_at as string | null) : null,
    consecutiveFailures: Number(row.consecutive_failures),
    lastRun: row.last_run ? runOf(json(row.last_run as RunRow)) : null,
    offersPending: Number(row.offers_pending),
    offersLive: Number(row.offers_live),
  }));
}

export async function listRuns(db: Executor, feedId: number, limit: number): Promise<FeedRun[]> {
  return rowsOf<RunRow>(await db.execute(sql`SELECT ${RUN_COLUMNS} FROM deal_feed_runs r WHERE r.feed_id = ${feedId} ORDER BY r.id DESC LIMIT ${limit}`)).map(runOf);
}

/**
 * Starts a run: closes a run of this feed whose instance stopped beating, then inserts the new one.
 * Null when a live run of the feed holds it (the unique index on running runs says so).
 */
export async function startRun(db: Database, feedId: number, trigger: FeedRun['trigger'], stoppedMessage: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE deal_feed_runs SET status = 'FAILED', finished_at = now(), error = ${stoppedMessage}
      WHERE feed_id = ${feedId} AND status = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => ${RUN_STALE_SECONDS})`);
    const inserted = rowsOf<{ id: number }>(
      await tx.execute(sql`INSERT INTO deal_feed_runs (feed_id, trigger) VALUES (${feedId}, ${trigger}) ON CONFLICT (feed_id) WHERE status = 'RUNNING' DO NOTHING RETURNING id`),
    );
    return inserted[0] ? Number(inserted[0].id) : null;
  });
}

export async function recordProgress(db: Executor, runId: number, counts: FeedCounts): Promise<void> {
  await db.execute(sql`UPDATE deal_feed_runs SET heartbeat_at = now(), offers = ${counts.offers}, created = ${counts.created}, pending = ${counts.pending},
    linked = ${counts.linked}, updated = ${counts.updated}, expired = ${counts.expired}, unchanged = ${counts.unchanged}, rejected = ${counts.rejected},
    problems = ${JSON.stringify(counts.problems)}::jsonb, unknown_stores = ${JSON.stringify(counts.unknownStores)}::jsonb
    WHERE id = ${runId} AND status = 'RUNNING'`);
}

/** Closes the run, keeps the feed's failure streak, and trims its history to the newest runs. */
export async function finishRun(db: Database, feedId: number, runId: number, counts: FeedCounts, error: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await recordProgress(tx, runId, counts);
    await tx.execute(sql`UPDATE deal_feed_runs SET status = ${error ? 'FAILED' : 'SUCCEEDED'}, finished_at = now(), error = ${error} WHERE id = ${runId}`);
    await tx.execute(sql`UPDATE deal_feeds SET consecutive_failures = ${error ? sql`consecutive_failures + 1` : sql`0`} WHERE id = ${feedId}`);
    await tx.execute(sql`DELETE FROM deal_feed_runs WHERE feed_id = ${feedId} AND status <> 'RUNNING' AND id < (
      SELECT min(id) FROM (SELECT id FROM deal_feed_runs WHERE feed_id = ${feedId} ORDER BY id DESC LIMIT ${FEED_LIMITS.historyRuns}) newest)`);
  });
}

export async function failingFeeds(db: Executor): Promise<FailingFeed[]> {
  const rows = rowsOf<{ id: number; name: string; consecutive_failures: number; error: string | null; started_at: string | null }>(
    await db.execute(sql`SELECT f.id, f.name, f.consecutive_failures, last.error, last.started_at FROM deal_feeds f
      LEFT JOIN LATERAL (SELECT r.error, r.started_at FROM deal_feed_runs r WHERE r.feed_id = f.id AND r.status = 'FAILED' ORDER BY r.id DESC LIMIT 1) last ON true
      WHERE f.is_active AND f.consecutive_failures >= ${FEED_LIMITS.failingAfter}
      ORDER BY f.consecutive_failures DESC, lower(f.name)`),
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, consecutiveFailures: Number(row.consecutive_failures), lastError: row.error, lastRunAt: isoOf(row.started_at) }));
}

export async function pendingOfferCount(db: Executor): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM deal_feed_offers WHERE status = 'PENDING'`));
  return Number(rows[0]?.n ?? 0);
}

export interface OfferRecord {
  id: number;
  feedId: number;
  feedName: string;
  offerId: string;
  status: FeedOffer['status'];
  values: FeedOfferValues;
  imageFilePath: string | null;
  productId: number | null;
  storeName: string;
  firstSeenAt: string;
  updatedAt: string;
}

const OFFER_SORT: Record<FeedOfferSortKey, SQL> = {
  name: sql`lower(o.values->'fields'->>'name')`,
  store: sql`lower(c.name)`,
  promoCode: sql`o.values->'fields'->>'promoCode'`,
  dealStartsIn: sql`o.values->'fields'->>'dealStartsIn'`,
  dealExpiresIn: sql`o.values->'fields'->>'dealExpiresIn'`,
  firstSeenAt: sql`o.first_seen_at`,
  updatedAt: sql`o.updated_at`,
};

const offerRecord = (row: Record<string, unknown>): OfferRecord => ({
  id: Number(row.id),
  feedId: Number(row.feed_id),
  feedName: row.feed_name as string,
  offerId: row.offer_id as string,
  status: row.status as FeedOffer['status'],
  values: json(row.values as FeedOfferValues),
  imageFilePath: (row.image_file_path as string | null) ?? null,
  productId: row.product_id === null ? null : Number(row.product_id),
  storeName: (row.store_name as string | null) ?? '',
  firstSeenAt: isoOf(row.first_seen_at as string)!,
  updatedAt: isoOf(row.updated_at as string)!,
});

const OFFER_FROM = sql`FROM deal_feed_offers o JOIN deal_feeds f ON f.id = o.feed_id LEFT JOIN categories c ON c.id = (o.values->'fields'->>'categoryId')::int`;
const OFFER_COLUMNS = sql`o.id, o.feed_id, f.name AS feed_name, o.offer_id, o.status, o.values, o.image_file_path, o.product_id, c.name AS store_name, o.first_seen_at, o.updated_at`;

export async function offersPage(db: Executor, query: GetFeedOffersQuery): Promise<TablePage<OfferRecord>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? TABLE_DEFAULT_PAGE_SIZE;
  const filters: SQL[] = [sql`o.status = ${query.status ?? 'PENDING'}`];
  if (query.feedId !== undefined) filters.push(sql`o.feed_id = ${query.feedId}`);
  const search = query.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    filters.push(sql`(o.values->'fields'->>'name' ILIKE ${like} OR o.values->'fields'->>'promoCode' ILIKE ${like} OR c.name ILIKE ${like} OR o.offer_id ILIKE ${like})`);
  }
  const where = sql.join(filters, sql` AND `);
  const order = OFFER_SORT[query.sortBy ?? 'firstSeenAt'];
  const direction = (query.order ?? (query.sortBy ? 'asc' : 'desc')) === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  const items = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${OFFER_COLUMNS} ${OFFER_FROM} WHERE ${where} ORDER BY ${order} ${direction}, o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
  ).map(offerRecord);
  const total = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n ${OFFER_FROM} WHERE ${where}`));
  return { items, total: Number(total[0]?.n ?? 0), page, pageSize };
}

/** One offer with its feed's name, locked for the rest of the transaction. */
export async function lockedOffer(tx: Executor, id: number): Promise<OfferRecord | null> {
  const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql`SELECT ${OFFER_COLUMNS} ${OFFER_FROM} WHERE o.id = ${id} FOR UPDATE OF o`));
  return rows[0] ? offerRecord(rows[0]) : null;
}

export function offerOf(record: OfferRecord, duplicateOfId: number | null): FeedOffer {
  const fields = record.values.fields;
  return {
    id: record.id,
    feedId: record.feedId,
    feedName: record.feedName,
    offerId: record.offerId,
    status: record.status,
    name: fields.name,
    storeId: fields.categoryId,
    store: record.storeName,
    productTypeIds: fields.productTypeIds,
    promoCode: fields.promoCode ?? null,
    currentPrice: Number(fields.currentPrice),
    previousPrice: Number(fields.previousPrice),
    dealStartsIn: fields.dealStartsIn ?? null,
    dealExpiresIn: fields.dealExpiresIn ?? null,
    link: fields.link,
    additionalInformation: fields.additionalInformation ?? null,
    keywords: fields.keywords ?? null,
    badgeText: fields.badgeText ?? null,
    badgeColor: fields.badgeColor ?? '#000000',
    isFeatured: !!fields.isFeatured,
    imageFilePath: record.imageFilePath,
    productId: record.productId,
    duplicateOfId,
    firstSeenAt: record.firstSeenAt,
    updatedAt: record.updatedAt,
  };
}
