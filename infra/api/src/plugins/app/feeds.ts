/**
 * Deal feeds (`fastify.feeds`): the feeds' settings, their runs through the job queue, and the
 * review queue's accept and reject.
 *
 * - Runs are jobs of the pg-boss queue, so one instance runs each. A scheduled run's job id is
 *   derived from the feed and the time it is due, so every instance planning it stores one job; a
 *   run also holds the feed's one "running" row (a unique index), so a run on demand and a
 *   scheduled one never overlap. A running run beats every 30 s; one whose instance died is closed
 *   by the next run of its feed.
 * - After each run (success or failure) the next is planned `everyHours` after this one started.
 * - The secret header's value is sealed with the deployment's feed key (lib/secret-box.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEAL_IMPORT_KEYS,
  DEAL_MESSAGES,
  DEAL_IMPORT_LIMITS,
  FEED_COLUMN_KEYS,
  FEED_MESSAGES,
  LIMITS,
  type CreateFeedBody,
  type DealFields,
  type Feed,
  type FeedOffer,
  type FeedOfferOutcome,
  type FeedRunTrigger,
  type GetFeedOffersQuery,
  type TablePage,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { dealFeeds } from '../../db/schema.js';
import { fieldErrors } from '../../errors.js';
import { dealFormValidator } from '../../deal-import/form-validator.js';
import { LiveDuplicates } from '../../feeds/duplicates.js';
import { createDeals, snapshotOfFields, type FeedActor } from '../../feeds/feed-deals.js';
import { failingFeeds, finishRun, listFeeds, listRuns, lockedOffer, offerOf, offersPage, pendingOfferCount, recordProgress, startRun } from '../../feeds/repository.js';
import { runFeed, type FeedCounts } from '../../feeds/run.js';
import { FeedFailure } from '../../feeds/source.js';
import { announceLiveDeal } from '../../push/announce-deal.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import { safeFetch } from '../../lib/safe-fetch.js';
import { sharedSecret } from '../../lib/shared-secrets.js';
import type { AppOptions } from '../../options.js';
import { deterministicJobId } from './job-queue.js';
import { created, fieldChanges } from './audit.js';
import { staffViewer } from './viewer.js';

export const FEED_RUN_QUEUE = 'deal-feed-run';
const HOUR_MS = 3_600_000;
const HEARTBEAT_MS = 30_000;
const BUMP_EVERY_MS = 30_000;

export interface FeedOptions {
  /** Plan the scheduled runs (default true; tests run feeds on demand or plan them themselves). */
  schedule?: boolean;
  /** A feed's size cap in bytes (default the contract's 200 MB; tests lower it). */
  maxBytes?: number;
  /** A run's time limit for fetching (default 10 minutes). */
  timeoutMs?: number;
  /** Fetch the offers' images (default true). */
  fetchImages?: boolean;
}

interface FeedJob {
  feedId: number;
  /** A run on demand: the run row already claimed. */
  runId?: number;
  /** A scheduled run: when it was due (a job for a time the feed no longer holds is stale). */
  plannedFor?: string;
}

type FeedSettingsBody = Omit<CreateFeedBody, never>;

declare module 'fastify' {
  interface FastifyInstance {
    feeds: {
      list(): Promise<Feed[]>;
      get(id: number): Promise<Feed | null>;
      create(body: CreateFeedBody, request: FastifyRequest): Promise<number>;
      update(id: number, body: CreateFeedBody, request: FastifyRequest): Promise<boolean>;
      remove(id: number, request: FastifyRequest): Promise<boolean>;
      /** Claims a run and queues it; answers its id, or null when the feed is already running. */
      runNow(id: number): Promise<number | null>;
      runs: typeof listRuns extends (db: never, ...rest: infer A) => infer R ? (...args: A) => R : never;
      /** Runs the feed here and now (what the job does); answers the run's id, or null when it is already running. */
      runHere(id: number, trigger?: FeedRunTrigger): Promise<number | null>;
      offers(query: GetFeedOffersQuery): Promise<TablePage<FeedOffer>>;
      accept(ids: readonly number[], request: FastifyRequest, edited?: DealFields): Promise<FeedOfferOutcome>;
      reject(ids: readonly number[], request: FastifyRequest): Promise<FeedOfferOutcome>;
      failing: () => ReturnType<typeof failingFeeds>;
      pendingCount: () => Promise<number>;
    };
  }
}

/** The checks of a feed's settings the schema cannot make: known column keys, stores that exist, a secret with its header. */
async function settingsProblems(fastify: { db: Database }, body: FeedSettingsBody): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const unknownColumn = Object.keys(body.columns ?? {}).find((key) => !FEED_COLUMN_KEYS.includes(key as never));
  if (unknownColumn) errors.columns = FEED_MESSAGES.column(unknownColumn);
  const unknownDefault = Object.keys(body.defaults ?? {}).find((key) => !DEAL_IMPORT_KEYS.includes(key as never));
  if (unknownDefault) errors.defaults = FEED_MESSAGES.column(unknownDefault);
  const storeIds = [...new Set(Object.values(body.advertisers ?? {}))];
  if (storeIds.length) {
    const found = (await fastify.db.execute(sql`SELECT id FROM categories WHERE id = ANY(${sql.param(storeIds)}::int[])`)) as unknown as { rows: { id: number }[] };
    const known = new Set(found.rows.map((row) => Number(row.id)));
    const missing = storeIds.find((id) => !known.has(id));
    if (missing !== undefined) errors.advertisers = FEED_MESSAGES.unknownStoreId(missing);
  }
  if (body.secretHeaderValue && !body.secretHeaderName?.trim()) errors.secretHeaderName = FEED_MESSAGES.headerValueWithoutName;
  return errors;
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const settings = opts.feeds ?? {};
    const log = fastify.log.child({ component: 'deal-feeds' });
    let box: SecretBox | null = null;
    const secrets = async () => (box ??= createSecretBox((opts.env ?? process.env).FEED_SECRET_KEY?.trim() || (await sharedSecret(fastify.db, { name: 'feed-secret-key', make: 32 }))));

    const plan = async (feedId: number, at: Date) => {
      await fastify.jobs.boss.send(FEED_RUN_QUEUE, { feedId, plannedFor: at.toISOString() } satisfies FeedJob, {
        startAfter: at,
        id: deterministicJobId(`deal-feed:${feedId}:${at.toISOString()}`),
      });
    };

    const fetchImage = async (url: string) =>
      fastify.images.save(
        await safeFetch(url, {
          maxBytes: LIMITS.upload.maxBytes,
          timeoutMs: DEAL_IMPORT_LIMITS.imageTimeoutMs,
          maxRedirects: DEAL_IMPORT_LIMITS.maxImageRedirects,
          allowLoopback: opts.importAllowsLoopback ?? false,
          allowHosts: opts.fetchAllowHosts ?? [],
        }),
      );

    /** Runs a claimed run to its end: counts, status, the feed's streak and its next run. */
    async function execute(feedId: number, runId: number): Promise<void> {
      const [feed] = await fastify.db.select().from(dealFeeds).where(sql`${dealFeeds.id} = ${feedId}`);
      const empty: FeedCounts = { offers: 0, created: 0, pending: 0, linked: 0, updated: 0, expired: 0, unchanged: 0, rejected: 0, problems: [], unknownStores: [] };
      if (!feed) return;
      let counts = empty;
      let error: string | null = null;
      const beat = setInterval(() => {
        void fastify.db.execute(sql`UPDATE deal_feed_runs SET heartbeat_at = now() WHERE id = ${runId} AND status = 'RUNNING'`).catch(() => {});
      }, HEARTBEAT_MS);
      const startedAt = Date.now();
      // Visitors' caches are dropped at most every 30 s while a run writes (and once at its end):
      // a bump per batch would empty them a hundred times in a large run.
      let dirty = false;
      let lastBump = startedAt;
      const bump = async () => {
        dirty = false;
        lastBump = Date.now();
        await fastify.contentVersion.bump();
      };
      try {
        const headers: Record<string, string> = { accept: feed.format === 'CSV' ? 'text/csv, */*;q=0.5' : 'application/json, */*;q=0.5', 'user-agent': 'DealDrop-Feeds/1.0' };
        if (feed.secretHeaderName && feed.secretHeaderValue) headers[feed.secretHeaderName.toLowerCase()] = (await secrets()).open(feed.secretHeaderValue);
        counts = await runFeed({
          db: fastify.db,
          feed: { id: feed.id, name: feed.name, mode: feed.mode, listsAllOffers: feed.listsAllOffers, defaults: feed.defaults, advertisers: feed.advertisers, createdById: feed.createdById },
          runId,
          source: {
            url: feed.url,
            format: feed.format,
            columns: feed.columns,
            headers,
            allowHosts: opts.fetchAllowHosts ?? [],
            allowLoopback: opts.importAllowsLoopback ?? false,
            ...(settings.maxBytes ? { maxBytes: settings.maxBytes } : {}),
            ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
          },
          validate: dealFormValidator(),
          fetchImage: settings.fetchImages === false ? null : fetchImage,
          releaseImages: (names) => fastify.images.release(names),
          progress: async (progress) => {
            counts = progress;
            await recordProgress(fastify.db, runId, progress);
          },
          dealsChanged: async () => {
            dirty = true;
            if (Date.now() - lastBump >= BUMP_EVERY_MS) await bump();
          },
        });
      } catch (failure) {
        if (failure instanceof FeedFailure) error = failure.message;
        else {
          log.error({ err: failure, feedId }, 'deal feed run failed');
          error = 'The run failed: see the server log';
        }
      } finally {
        clearInterval(beat);
      }
      if (dirty) await bump();
      await finishRun(fastify.db, feedId, runId, counts, error);
      log.info({ feedId, runId, ms: Date.now() - startedAt, offers: counts.offers, created: counts.created, updated: counts.updated, expired: counts.expired, error }, 'deal feed run finished');
      // The next run counts from this one's start, whatever started it.
      const [current] = await fastify.db.select({ isActive: dealFeeds.isActive, everyHours: dealFeeds.everyHours }).from(dealFeeds).where(sql`${dealFeeds.id} = ${feedId}`);
      if (current?.isActive) {
        const next = new Date(startedAt + current.everyHours * HOUR_MS);
        await fastify.db.update(dealFeeds).set({ nextRunAt: next }).where(sql`${dealFeeds.id} = ${feedId}`);
        if (settings.schedule !== false) await plan(feedId, next);
      }
    }

    const stopped = FEED_MESSAGES.stopped;
    async function runHere(id: number, trigger: FeedRunTrigger = 'MANUAL'): Promise<number | null> {
      const runId = await startRun(fastify.db, id, trigger, stopped);
      if (runId !== null) await execute(id, runId);
      return runId;
    }

    await fastify.jobs.define<FeedJob>(
      FEED_RUN_QUEUE,
      // A run that dies with its instance is retried (and resumes: offers already written are unchanged).
      { retryLimit: 3, retryDelay: 60, expireInSeconds: 3600 },
      async ({ feedId, runId, plannedFor }) => {
        if (runId !== undefined) {
          // Claimed by RunFeed: go on unless it was closed meanwhile.
          const alive = (await fastify.db.execute(sql`UPDATE deal_feed_runs SET heartbeat_at = now() WHERE id = ${runId} AND status = 'RUNNING' RETURNING id`)) as unknown as { rows: unknown[] };
          if (alive.rows.length) await execute(feedId, runId);
          return;
        }
        const [feed] = await fastify.db.select({ isActive: dealFeeds.isActive, nextRunAt: dealFeeds.nextRunAt }).from(dealFeeds).where(sql`${dealFeeds.id} = ${feedId}`);
        // A job for a time the feed no longer holds (its schedule changed, a run on demand moved it) is stale.
        if (!feed?.isActive || !feed.nextRunAt || (plannedFor && feed.nextRunAt.toISOString() !== plannedFor)) return;
        await runHere(feedId, 'SCHEDULE');
      },
    );

    if (settings.schedule !== false) {
      fastify.addHook('onReady', async () => {
        // Every instance plans what is due; the jobs' ids make it one job per feed and time.
        const due = await fastify.db.select({ id: dealFeeds.id, nextRunAt: dealFeeds.nextRunAt }).from(dealFeeds).where(sql`${dealFeeds.isActive} AND ${dealFeeds.nextRunAt} IS NOT NULL`);
        for (const feed of due) await plan(feed.id, feed.nextRunAt!).catch((error: unknown) => log.warn({ err: error, feedId: feed.id }, 'could not plan a feed run'));
      });
    }

    async function columnsOf(body: CreateFeedBody, keepSecret: string | null) {
      const problems = await settingsProblems(fastify, body);
      const failure = fieldErrors(problems);
      if (failure) throw failure;
      const secretName = body.secretHeaderName?.trim() || null;
      let secretValue = keepSecret;
      if (body.secretHeaderValue === '') secretValue = null;
      else if (body.secretHeaderValue) secretValue = (await secrets()).seal(body.secretHeaderValue);
      return {
        name: body.name.trim(),
        url: body.url.trim(),
        format: body.format,
        mode: body.mode,
        everyHours: body.everyHours,
        listsAllOffers: body.listsAllOffers ?? true,
        isActive: body.isActive ?? true,
        secretHeaderName: secretName,
        secretHeaderValue: secretName ? secretValue : null,
        columns: Object.fromEntries(Object.entries(body.columns ?? {}).filter(([, header]) => header.trim())),
        defaults: Object.fromEntries(Object.entries(body.defaults ?? {}).filter(([, value]) => value.trim())),
        advertisers: body.advertisers ?? {},
      };
    }

    /** Who accepted, for the deal's audit entry and revision. */
    const staffActor = (request: FastifyRequest): FeedActor => {
      const viewer = staffViewer(request);
      return { id: viewer.userId, name: viewer.username, route: `${request.method} ${request.routeOptions.url ?? request.url}`, ip: request.ip };
    };

    fastify.decorate('feeds', {
      list: () => listFeeds(fastify.db),
      get: async (id) => (await listFeeds(fastify.db, id))[0] ?? null,
      runs: (feedId, limit) => listRuns(fastify.db, feedId, limit),
      runHere,

      async create(body, request) {
        const values = await columnsOf(body, null);
        const nextRunAt = new Date(Date.now() + values.everyHours * HOUR_MS);
        const id = await fastify.db.transaction(async (tx) => {
          const [row] = await tx.insert(dealFeeds).values({ ...values, nextRunAt, createdById: staffViewer(request).userId }).returning({ id: dealFeeds.id });
          await fastify.audit.record(tx, request, created('feed', { ...values, id: row!.id }));
          return row!.id;
        });
        if (values.isActive && settings.schedule !== false) await plan(id, nextRunAt);
        return id;
      },

      async update(id, body, request) {
        const [before] = await fastify.db.select().from(dealFeeds).where(sql`${dealFeeds.id} = ${id}`);
        if (!before) return false;
        const values = await columnsOf(body, before.secretHeaderValue);
        // A new period counts from the last run (or now); a feed switched on runs a period from now.
        const lastStart = (await listRuns(fastify.db, id, 1))[0]?.startedAt;
        const periodChanged = values.everyHours !== before.everyHours || (values.isActive && !before.isActive);
        const nextRunAt = periodChanged ? new Date(Math.max(Date.now(), (lastStart ? Date.parse(lastStart) : Date.now()) + values.everyHours * HOUR_MS)) : before.nextRunAt;
        await fastify.db.transaction(async (tx) => {
          await tx.update(dealFeeds).set({ ...values, nextRunAt }).where(sql`${dealFeeds.id} = ${id}`);
          const { id: _id, createdAt: _c, updatedAt: _u, nextRunAt: _n, consecutiveFailures: _f, createdById: _b, ...old } = before;
          await fastify.audit.record(tx, request, { action: 'update', recordType: 'feed', recordId: id, changes: fieldChanges(old, values) });
        });
        if (values.isActive && nextRunAt && settings.schedule !== false) await plan(id, nextRunAt);
        return true;
      },

      async remove(id, request) {
        return fastify.db.transaction(async (tx) => {
          const gone = await tx.delete(dealFeeds).where(sql`${dealFeeds.id} = ${id}`).returning({ id: dealFeeds.id, name: dealFeeds.name });
          if (!gone.length) return false;
          await fastify.audit.record(tx, request, { action: 'delete', recordType: 'feed', recordId: id, changes: { name: { from: gone[0]!.name, to: null } } });
          return true;
        });
      },

      async runNow(id) {
        const runId = await startRun(fastify.db, id, 'MANUAL', stopped);
        if (runId === null) return null;
        await fastify.jobs.boss.send(FEED_RUN_QUEUE, { feedId: id, runId } satisfies FeedJob, { retryLimit: 3, retryDelay: 60, expireInSeconds: 3600 });
        return runId;
      },

      async offers(query) {
        const page = await offersPage(fastify.db, query);
        const duplicates = new LiveDuplicates();
        await duplicates.load(fastify.db, page.items.map((item) => item.values.fields.categoryId));
        return { ...page, items: page.items.map((item) => offerOf(item, item.status === 'PENDING' ? duplicates.find(item.values.fields) : null)) };
      },

      async accept(ids, request, edited) {
        const viewer = staffViewer(request);
        const actor = staffActor(request);
        const outcome: FeedOfferOutcome = { message: '', done: 0, linked: 0, productIds: [], skipped: [] };
        let announced = false;
        for (const id of ids) {
          const result = await fastify.db.transaction(async (tx) => {
            const offer = await lockedOffer(tx, id);
            if (!offer) return { skipped: FEED_MESSAGES.offerNotFound as string, productId: 0, linked: false };
            if (offer.status !== 'PENDING') return { skipped: FEED_MESSAGES.notPending as string, productId: 0, linked: false };
            const fields = snapshotOfFields(edited ?? offer.values.fields);
            // The store or a product category may have been deleted since the feed brought the offer.
            // (Read in the transaction: PGlite has one connection, which the transaction holds.)
            const [found] = (
              (await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM categories WHERE id = ${fields.categoryId}) AS store,
                (SELECT count(*)::int FROM product_types WHERE id = ANY(${sql.param(fields.productTypeIds)}::int[])) AS types`)) as unknown as { rows: { store: boolean; types: number }[] }
            ).rows;
            if (!found?.store || Number(found.types) !== new Set(fields.productTypeIds).size) {
              return { skipped: found?.store ? DEAL_MESSAGES.productTypeNotFound : DEAL_MESSAGES.storeNotFound, productId: 0, linked: false };
            }
            const duplicates = new LiveDuplicates();
            await duplicates.load(tx, [fields.categoryId]);
            const duplicate = duplicates.find(fields);
            let productId: number;
            if (duplicate !== null) productId = duplicate;
            else {
              [productId] = (await createDeals(tx, [{ fields, image: offer.imageFilePath }], viewer.userId, actor)) as [number];
              // Accepted by staff: announced as a deal they added would be (now, or when it starts).
              announced = (await announceLiveDeal(tx, productId)) || announced;
              await fastify.dealGoLive.after(tx, sql`p.id = ${productId}`, new Map());
            }
            await tx.execute(sql`UPDATE deal_feed_offers SET status = 'LIVE', product_id = ${productId}, accepted_by_id = ${viewer.userId}, accepted_at = now(), updated_at = now() WHERE id = ${id}`);
            await fastify.audit.record(tx, request, {
              action: 'accept',
              recordType: 'feedOffer',
              recordId: id,
              changes: { status: { from: 'PENDING', to: 'LIVE' }, productId: { from: null, to: productId }, ...(duplicate !== null ? { linked: { from: null, to: true } } : {}) },
            });
            return { skipped: undefined, productId, linked: duplicate !== null };
          });
          if (result.skipped !== undefined) outcome.skipped.push({ id, message: result.skipped });
          else {
            outcome.done++;
            if (result.linked) outcome.linked++;
            outcome.productIds.push(result.productId);
          }
        }
        if (announced) fastify.pushDelivery.wake();
        fastify.mail.wake();
        if (outcome.done) await fastify.contentVersion.bump();
        outcome.message = FEED_MESSAGES.accepted(outcome.done, outcome.linked);
        return outcome;
      },

      async reject(ids, request) {
        const outcome: FeedOfferOutcome = { message: '', done: 0, linked: 0, productIds: [], skipped: [] };
        await fastify.db.transaction(async (tx) => {
          const done = (await tx.execute(
            sql`UPDATE deal_feed_offers SET status = 'REJECTED', updated_at = now() WHERE id = ANY(${sql.param([...ids])}::int[]) AND status = 'PENDING' RETURNING id`,
          )) as unknown as { rows: { id: number }[] };
          const rejected = new Set(done.rows.map((row) => Number(row.id)));
          for (const id of rejected) await fastify.audit.record(tx, request, { action: 'reject', recordType: 'feedOffer', recordId: id, changes: { status: { from: 'PENDING', to: 'REJECTED' } } });
          const known = (await tx.execute(sql`SELECT id FROM deal_feed_offers WHERE id = ANY(${sql.param([...ids])}::int[])`)) as unknown as { rows: { id: number }[] };
          const exists = new Set(known.rows.map((row) => Number(row.id)));
          for (const id of new Set(ids)) if (!rejected.has(id)) outcome.skipped.push({ id, message: exists.has(id) ? FEED_MESSAGES.notPending : FEED_MESSAGES.offerNotFound });
          outcome.done = rejected.size;
        });
        outcome.message = FEED_MESSAGES.rejected(outcome.done);
        return outcome;
      },

      failing: () => failingFeeds(fastify.db),
      pendingCount: () => pendingOfferCount(fastify.db),
    });
  },
  { name: 'feeds', dependencies: ['database', 'job-queue', 'audit', 'images', 'content-version', 'deal-go-live', 'push-delivery', 'mail'] },
);
