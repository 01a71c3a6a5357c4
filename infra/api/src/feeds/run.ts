/**
 * One run of a feed: its offers read as a stream (source.ts), each checked by the CSV import's row
 * rules and messages, then written in batches of 200, each batch one transaction:
 *
 * - a new offer waits for review (REVIEW) or becomes a deal at once (LIVE), unless it duplicates a
 *   live deal, which it is then linked to;
 * - a changed offer (its values' hash differs) updates its pending entry, or writes the fields the
 *   feed changed over its deal (with a revision), or is offered again when staff had rejected it;
 * - an ended offer (its end date passed) closes its pending entry or switches its deal off;
 * - after a complete run of a feed that lists every offer, the offers it no longer lists end too.
 *
 * Images of new offers are fetched before their batch's transaction (as the import does), so a
 * slow image host never holds the database. Memory holds a batch, the offer ids seen (to refuse
 * an id listed twice) and the duplicate index of the stores met.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DEAL_IMPORT_COLUMNS,
  DEAL_IMPORT_LIMITS,
  DEAL_IMPORT_MESSAGES,
  FEED_LIMITS,
  FEED_MESSAGES,
  type DealFields,
  type FeedColumnKey,
  type FeedMode,
  type FeedRunProblem,
  type FeedOfferStatus,
} from '@deals/contract';
import type { Database } from '../db/client.js';
import type { FeedOfferValues } from '../db/schema.js';
import { loadLookups } from '../deal-import/run.js';
import { checkRow, type FormValidator } from '../deal-import/row-check.js';
import type { ImportCells } from '../deal-import/rows.js';
import { LiveDuplicates } from './duplicates.js';
import { queueEmailAlerts } from '../mail/alerts.js';
import { createDeals, deactivateDeals, fieldsOf, updateDeal, type FeedActor } from './feed-deals.js';
import { FeedFailure, readFeed, type FeedSourceOptions } from './source.js';

const BATCH = 200;

export interface FeedSettings {
  id: number;
  name: string;
  mode: FeedMode;
  listsAllOffers: boolean;
  defaults: Readonly<Record<string, string>>;
  advertisers: Readonly<Record<string, number>>;
  createdById: number | null;
}

export interface FeedCounts {
  offers: number;
  created: number;
  pending: number;
  linked: number;
  updated: number;
  expired: number;
  unchanged: number;
  rejected: number;
  problems: FeedRunProblem[];
  unknownStores: string[];
}

export interface FeedRunContext {
  db: Database;
  feed: FeedSettings;
  runId: number;
  source: FeedSourceOptions;
  validate: FormValidator;
  /** Fetches and stores one image; answers its stored name (throws with a reason). Null: no images. */
  fetchImage: ((url: string) => Promise<string>) | null;
  releaseImages(names: string[]): Promise<void>;
  /** After each batch: the counts so far (the run's history shows progress, and the run shows it is alive). */
  progress(counts: FeedCounts): Promise<void>;
  /** After a batch that changed what visitors see. */
  dealsChanged(): Promise<void>;
}

interface ValidOffer {
  offerId: string;
  position: number;
  values: FeedOfferValues;
  hash: string;
}

interface OfferRow {
  id: number;
  offer_id: string;
  status: FeedOfferStatus;
  values: FeedOfferValues;
  values_hash: string;
  product_id: number | null;
  accepted_by_id: number | null;
  image_file_path: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const hashOf = (values: FeedOfferValues) => createHash('sha256').update(JSON.stringify(values)).digest('hex');

const endedAt = (fields: DealFields, now: number) => !!fields.dealExpiresIn && Date.parse(fields.dealExpiresIn) <= now;

/** The fields whose values differ between two versions of an offer (what the feed changed). */
function changedFields(before: DealFields, after: DealFields): Partial<DealFields> {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    // Whether the deal shows is staff's call (or the feed's end); the feed's flag never switches it.
    if (field === 'isActive') continue;
    if (JSON.stringify(value) !== JSON.stringify(before[field as keyof DealFields])) patch[field] = value;
  }
  return patch as Partial<DealFields>;
}

/** Runs at most `limit` of the tasks at once. */
async function inPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function runFeed(context: FeedRunContext): Promise<FeedCounts> {
  const { db, feed, runId } = context;
  const actor: FeedActor = { id: null, name: `feed ${feed.name}`, route: 'job deal-feed', ip: null };
  const counts: FeedCounts = { offers: 0, created: 0, pending: 0, linked: 0, updated: 0, expired: 0, unchanged: 0, rejected: 0, problems: [], unknownStores: [] };
  const unknownStores = new Set<string>();
  const lookups = await loadLookups(db);
  const storeNames = new Map([...lookups.stores].map(([name, id]) => [id, name]));
  const duplicates = new LiveDuplicates();
  const seen = new Set<string>();
  const listedInvalid: string[] = [];
  let batch: ValidOffer[] = [];

  const problem = (position: number, offerId: string, name: string, errors: Record<string, string>) => {
    counts.rejected++;
    if (counts.problems.length < FEED_LIMITS.listedProblems) counts.problems.push({ line: position, offerId, name, errors });
  };

  /** The advertiser's store (by the feed's advertiser table, then by the store's name), as the store cell. */
  const withStore = (cells: ImportCells & { offerId?: string; advertiserId?: string }) => {
    const advertiser = cells.advertiserId?.trim();
    const named = cells.store?.trim();
    const mapped = (advertiser ? feed.advertisers[advertiser] : undefined) ?? (named ? feed.advertisers[named] : undefined);
    if (mapped !== undefined) cells.store = storeNames.get(mapped) ?? named ?? `#${mapped}`;
    else if (!named && advertiser) cells.store = advertiser;
  };

  const requiredCheck = (keys: ReadonlySet<FeedColumnKey>) => {
    const missing = DEAL_IMPORT_COLUMNS.filter((column) => column.required && !keys.has(column.key) && !feed.defaults[column.key]?.trim() && !(column.key === 'store' && keys.has('advertiserId')));
    if (!keys.has('offerId')) throw new FeedFailure(DEAL_IMPORT_MESSAGES.missingColumns(['Offer ID', ...missing.map((column) => column.header)]));
    if (missing.length) throw new FeedFailure(DEAL_IMPORT_MESSAGES.missingColumns(missing.map((column) => column.header)));
  };

  const flush = async () => {
    if (batch.length) await writeBatch(context, batch, counts, duplicates, actor);
    batch = [];
    if (listedInvalid.length) {
      await db.execute(sql`UPDATE deal_feed_offers SET last_run_id = ${runId} WHERE feed_id = ${feed.id} AND offer_id = ANY(${sql.param(listedInvalid.splice(0))}::text[])`);
    }
    counts.unknownStores = [...unknownStores];
    await context.progress(counts);
  };

  for await (const record of readFeed(context.source, requiredCheck)) {
    counts.offers++;
    const cells = record.cells as ImportCells & { offerId?: string; advertiserId?: string };
    const offerId = cells.offerId?.trim() ?? '';
    for (const [key, value] of Object.entries(feed.defaults)) {
      if (!cells[key as keyof ImportCells]?.trim()) cells[key as keyof ImportCells] = value;
    }
    withStore(cells);
    const name = cells.name?.trim() ?? '';
    if (!offerId) {
      problem(record.position, '', name, { offerId: FEED_MESSAGES.offerIdRequired });
      continue;
    }
    if (offerId.length > 200) {
      problem(record.position, offerId.slice(0, 200), name, { offerId: FEED_MESSAGES.offerIdTooLong });
      continue;
    }
    if (seen.has(offerId)) {
      problem(record.position, offerId, name, { offerId: FEED_MESSAGES.offerIdTwice });
      continue;
    }
    seen.add(offerId);
    const checked = checkRow(cells, lookups, context.validate, 'UTC');
    if (!checked.ok) {
      problem(record.position, offerId, name, checked.errors as Record<string, string>);
      if (checked.unknownStore && unknownStores.size < FEED_LIMITS.unknownStoresListed) unknownStores.add(checked.unknownStore);
      // Still listed: a complete run must not end it for a problem the feed may fix.
      listedInvalid.push(offerId);
      continue;
    }
    const values: FeedOfferValues = { fields: fieldsOf(checked.values, checked.productTypeIds), imageUrl: checked.imageUrl };
    batch.push({ offerId, position: record.position, values, hash: hashOf(values) });
    if (batch.length >= BATCH || listedInvalid.length >= BATCH) await flush();
  }
  await flush();

  if (feed.listsAllOffers) await expireUnlisted(context, counts, actor);
  await context.progress(counts);
  return counts;
}

/** The offers of a complete run of a feed that lists every offer: those it did not list have ended. */
async function expireUnlisted(context: FeedRunContext, counts: FeedCounts, actor: FeedActor) {
  const { db, feed, runId } = context;
  const open = sql`feed_id = ${feed.id} AND status IN ('PENDING', 'LIVE') AND last_run_id IS DISTINCT FROM ${runId}`;
  if (counts.offers === 0) {
    const any = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM deal_feed_offers WHERE ${open}`));
    // An empty answer is far more often a broken feed than every offer ending at once.
    if (Number(any[0]?.n ?? 0) > 0) throw new FeedFailure(FEED_MESSAGES.emptyListing);
    return;
  }
  for (;;) {
    const changed = await db.transaction(async (tx) => {
      const gone = rowsOf<{ id: number; product_id: number | null; status: FeedOfferStatus }>(
        await tx.execute(sql`SELECT id, product_id, status FROM deal_feed_offers WHERE ${open} ORDER BY id LIMIT ${BATCH} FOR UPDATE`),
      );
      if (gone.length === 0) return null;
      const deals = gone.filter((row) => row.status === 'LIVE' && row.product_id !== null).map((row) => Number(row.product_id));
      const off = await deactivateDeals(tx, deals, actor, 'The offer is no longer in the feed');
      await tx.execute(sql`UPDATE deal_feed_offers SET status = 'EXPIRED', updated_at = now() WHERE id = ANY(${sql.param(gone.map((row) => Number(row.id)))}::int[])`);
      counts.expired += gone.length;
      return off.length;
    });
    if (changed === null) break;
    if (changed > 0) await context.dealsChanged();
  }
}

async function writeBatch(context: FeedRunContext, batch: ValidOffer[], counts: FeedCounts, duplicates: LiveDuplicates, actor: FeedActor) {
  const { db, feed, runId } = context;
  const now = Date.now();
  const ids = batch.map((offer) => offer.offerId);
  const readRows = async (executor: Pick<Database, 'execute'>, lock: boolean) =>
    new Map(
      rowsOf<OfferRow>(
        await executor.execute(sql`SELECT id, offer_id, status, values, values_hash, product_id, accepted_by_id, image_file_path FROM deal_feed_offers
          WHERE feed_id = ${feed.id} AND offer_id = ANY(${sql.param(ids)}::text[]) ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`),
      ).map((row) => [row.offer_id, row]),
    );

  // Images first, outside the transaction: for offers new to the feed, or whose image changed.
  // Only images need a look before the transaction (a run without them reads each batch once).
  const before = context.fetchImage ? await readRows(db, false) : new Map<string, OfferRow>();
  const images = new Map<string, string>();
  if (context.fetchImage) {
    const wanted = batch.filter((offer) => {
      if (!offer.values.imageUrl || endedAt(offer.values.fields, now)) return false;
      const row = before.get(offer.offerId);
      return !row || (row.values.imageUrl !== offer.values.imageUrl && row.status !== 'LIVE');
    });
    await inPool(wanted, DEAL_IMPORT_LIMITS.imageConcurrency, async (offer) => {
      try {
        images.set(offer.offerId, await context.fetchImage!(offer.values.imageUrl!));
      } catch {
        // An offer whose image cannot be fetched is kept without one (staff can add it).
      }
    });
  }

  let dealsChanged = false;
  await db.transaction(async (tx) => {
    const current = await readRows(tx, true);
    await duplicates.load(tx, batch.map((offer) => offer.values.fields.categoryId));
    const upserts: { offerId: string; status: FeedOfferStatus; values: FeedOfferValues; hash: string; productId: number | null; image: string | null }[] = [];
    const creates: { offer: ValidOffer; image: string | null }[] = [];
    const touched: number[] = [];
    const toDeactivate: number[] = [];

    const fresh = (offer: ValidOffer, image: string | null) => {
      if (feed.mode === 'REVIEW') {
        counts.pending++;
        upserts.push({ offerId: offer.offerId, status: 'PENDING', values: offer.values, hash: offer.hash, productId: null, image });
        return;
      }
      const duplicate = duplicates.find(offer.values.fields);
      if (duplicate !== null) {
        counts.linked++;
        upserts.push({ offerId: offer.offerId, status: 'LIVE', values: offer.values, hash: offer.hash, productId: duplicate, image });
        return;
      }
      creates.push({ offer, image });
    };

    for (const offer of batch) {
      const row = current.get(offer.offerId);
      const ended = endedAt(offer.values.fields, now);
      const image = images.get(offer.offerId) ?? row?.image_file_path ?? null;
      if (!row) {
        if (ended) {
          counts.expired++;
          upserts.push({ offerId: offer.offerId, status: 'EXPIRED', values: offer.values, hash: offer.hash, productId: null, image: null });
        } else fresh(offer, image);
        continue;
      }
      const productId = row.product_id === null ? null : Number(row.product_id);
      const same = row.values_hash === offer.hash;
      if (ended && (row.status === 'PENDING' || row.status === 'LIVE')) {
        counts.expired++;
        if (row.status === 'LIVE' && productId !== null) {
          if (!same) dealsChanged = (await updateDeal(tx, productId, changedFields(row.values.fields, offer.values.fields), actor)) || dealsChanged;
          toDeactivate.push(productId);
        }
        upserts.push({ offerId: offer.offerId, status: 'EXPIRED', values: offer.values, hash: offer.hash, productId, image });
        continue;
      }
      if (same || ended) {
        counts.unchanged++;
        if (same) touched.push(Number(row.id));
        else upserts.push({ offerId: offer.offerId, status: row.status, values: offer.values, hash: offer.hash, productId, image });
        continue;
      }
      // Changed, and current.
      if (row.status === 'LIVE' && productId !== null) {
        counts.updated++;
        dealsChanged = (await updateDeal(tx, productId, changedFields(row.values.fields, offer.values.fields), actor)) || dealsChanged;
        upserts.push({ offerId: offer.offerId, status: 'LIVE', values: offer.values, hash: offer.hash, productId, image });
      } else if (row.status === 'EXPIRED' && productId !== null) {
        // Back in the feed (extended, listed again): the deal the feed switched off comes back.
        counts.updated++;
        dealsChanged = (await updateDeal(tx, productId, changedFields(row.values.fields, offer.values.fields), actor, true)) || dealsChanged;
        upserts.push({ offerId: offer.offerId, status: 'LIVE', values: offer.values, hash: offer.hash, productId, image });
      } else if (row.status === 'EXPIRED') {
        fresh(offer, image);
      } else {
        // Pending: the entry takes the new values. Rejected: offered again, since the feed changed it.
        counts.updated++;
        upserts.push({ offerId: offer.offerId, status: row.status === 'LIVE' ? 'LIVE' : 'PENDING', values: offer.values, hash: offer.hash, productId, image });
      }
    }

    if (creates.length) {
      const made = await createDeals(tx, creates.map(({ offer, image }) => ({ fields: offer.values.fields, image })), feed.createdById, actor);
      creates.forEach(({ offer, image }, index) => {
        const fields = offer.values.fields;
        duplicates.remember(fields.categoryId, fields.promoCode, fields.link, made[index]!);
        upserts.push({ offerId: offer.offerId, status: 'LIVE', values: offer.values, hash: offer.hash, productId: made[index]!, image });
      });
      counts.created += made.length;
      dealsChanged = true;
      // No push for a live feed's deals, but visitors who asked for these words or stores by email get them.
      await queueEmailAlerts(tx, made);
    }
    const off = await deactivateDeals(tx, toDeactivate, actor, 'The offer ended');
    if (off.length) {
      duplicates.forget(new Set(off));
      dealsChanged = true;
    }
    if (touched.length) await tx.execute(sql`UPDATE deal_feed_offers SET last_run_id = ${runId} WHERE id = ANY(${sql.param(touched)}::int[])`);
    if (upserts.length) {
      const rows = upserts.map((row) => ({ offer_id: row.offerId, status: row.status, values: row.values, values_hash: row.hash, product_id: row.productId, image_file_path: row.image }));
      await tx.execute(sql`INSERT INTO deal_feed_offers (feed_id, offer_id, status, values, values_hash, product_id, image_file_path, last_run_id)
        SELECT ${feed.id}, r.offer_id, r.status, r.values, r.values_hash, r.product_id, r.image_file_path, ${runId}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(offer_id text, status text, values jsonb, values_hash text, product_id int, image_file_path text)
        ON CONFLICT (feed_id, offer_id) DO UPDATE SET status = excluded.status, values = excluded.values, values_hash = excluded.values_hash,
          product_id = excluded.product_id, image_file_path = excluded.image_file_path, last_run_id = excluded.last_run_id, updated_at = now()`);
    }
  });

  // Images fetched for offers that ended up without them (an ended offer), and replaced ones, go.
  const candidates = [...images.values(), ...[...before.values()].map((row) => row.image_file_path)];
  if (candidates.some(Boolean)) await releaseUnused(context, readRows, candidates);
  if (dealsChanged) await context.dealsChanged();
}

async function releaseUnused(context: FeedRunContext, readRows: (executor: Pick<Database, 'execute'>, lock: boolean) => Promise<Map<string, OfferRow>>, candidates: (string | null)[]) {
  const kept = new Set<string>();
  for (const row of (await readRows(context.db, false)).values()) if (row.image_file_path) kept.add(row.image_file_path);
  const dropped = candidates.filter((name): name is string => !!name && !kept.has(name));
  if (dropped.length) await context.releaseImages(dropped);
}
