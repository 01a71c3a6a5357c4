/**
 * Outgoing mail (`fastify.mail`): the transport (SMTP_URL, else the outbox folder), the outbox's
 * relay and sender on the job queue, the daily digest's schedule, and the sweep of what no longer
 * has consent.
 *
 * How a message travels: a transaction writes its row (unique by idempotency key); the relay
 * (polling every `relayMs`, and woken at once by whoever wrote) hands rows without a job to the
 * `mail-send` queue in batches, marking them in the same transaction, so each batch is one job;
 * the job's worker claims the rows (skipping any another sender holds or finished), spends the
 * receiving domain's per-minute budget (shared by all instances), sends, and records each outcome:
 * delivered; deferred (retried by a new job after a back-off: 1, 4, 16, 64 minutes…); bounced
 * (a 5xx refusal: the address gets nothing more); failed (attempts used up). A sender that dies
 * leaves its rows `sending` until their lease ends; the sweep then hands them over again.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { EmailSendKind } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import { sharedSecret } from '../../lib/shared-secrets.js';
import { digestDeals, planDigestSlice, queueEmailAlerts } from '../../mail/alerts.js';
import { composeBatch, type ComposeContext } from '../../mail/compose.js';
import { createLinkSigner, type LinkSigner } from '../../mail/links.js';
import { createOutbox, ensureSend, insertMessages, type ClaimedMessage, type NewMessage, type Outbox } from '../../mail/outbox.js';
import { sweepPasswordTokens } from '../../mail/password-links.js';
import { createSubscriptions, type Subscriptions } from '../../mail/subscriptions.js';
import { createMailTransport, type MailTransport } from '../../mail/transport.js';
import type { AppOptions, Env } from '../../options.js';
import { deterministicJobId } from './job-queue.js';
import { publicUrlOf } from './frontends.js';

export const MAIL_SEND_QUEUE = 'mail-send';
export const MAIL_DIGEST_QUEUE = 'mail-digest';

export interface MailOptions {
  /** `SMTP_URL` (smtp:// or smtps://, with credentials); unset: the outbox folder. */
  smtpUrl?: string;
  /** `MAIL_FROM`, e.g. `"Deals" <alerts@example.com>`. */
  from?: string;
  /** `MAIL_DIGEST_HOUR`: the UTC hour the daily digest goes out (0–23, default 7). */
  digestHour?: number;
  /** `MAIL_DOMAIN_PER_MINUTE`: messages per receiving domain and minute, all instances together (default 3000). */
  domainPerMinute?: number;
  /** Messages per send job (default 50) and parallel SMTP connections per instance (default 5). */
  batchSize?: number;
  connections?: number;
  /** Seconds a sender holds a claimed message before another may take it (default 600). */
  leaseSeconds?: number;
  /** The first retry's delay in seconds (default 60; each next one four times longer). */
  retryBaseSeconds?: number;
  /** Attempts before a message fails (default 6). */
  maxAttempts?: number;
  /** How often the relay polls (default 2,000 ms) and the sweep runs (default 60,000 ms). */
  relayMs?: number;
  sweepMs?: number;
  /** Whether this instance plans the daily digest (default true; tests plan it on demand). */
  scheduleDigest?: boolean;
}

export interface Mail {
  transport: MailTransport;
  outbox: Outbox;
  subscriptions: Subscriptions;
  signer: LinkSigner;
  /** The sealing of password links' tokens while they wait in the outbox. */
  box(): Promise<SecretBox>;
  /** Plans one message (in the caller's transaction, or its own); the relay hands it to the queue. */
  queue(executor: Pick<Database, 'execute'>, send: { kind: EmailSendKind; key: string; title: string }, message: NewMessage): Promise<boolean>;
  /** Runs the relay now (after a transaction that wrote messages committed). */
  wake(): void;
  /** Plans the instant alerts of deals that went live outside announceLiveDeal (a feed's live deals). */
  alertDeals(productIds: readonly number[]): Promise<number>;
  /** Plans the digest of `day` (YYYY-MM-DD, sent at the digest hour); answers the messages planned. */
  planDigest(day: string): Promise<number>;
  /** When the digest of `day` goes out. */
  digestTime(day: string): Date;
  /** Runs the relay and the sweep once and waits (tests). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

/** The digest hour as configured, or null when it is not an hour. */
function hourOf(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const hour = Number(value);
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : null;
}

export function readMailEnv(env: Env): MailOptions {
  const perMinute = Number(env.MAIL_DOMAIN_PER_MINUTE);
  return {
    ...(env.SMTP_URL?.trim() ? { smtpUrl: env.SMTP_URL.trim() } : {}),
    ...(env.MAIL_FROM?.trim() ? { from: env.MAIL_FROM.trim() } : {}),
    ...(hourOf(env.MAIL_DIGEST_HOUR) !== null ? { digestHour: hourOf(env.MAIL_DIGEST_HOUR)! } : {}),
    ...(Number.isInteger(perMinute) && perMinute > 0 ? { domainPerMinute: perMinute } : {}),
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Runs `tasks` with at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const env = opts.env ?? process.env;
    const options: MailOptions = { ...readMailEnv(env), ...opts.mail };
    const settings = {
      digestHour: options.digestHour ?? 7,
      domainPerMinute: options.domainPerMinute ?? 3000,
      batchSize: options.batchSize ?? 50,
      connections: options.connections ?? 5,
      leaseSeconds: options.leaseSeconds ?? 600,
      retryBaseSeconds: options.retryBaseSeconds ?? 60,
      maxAttempts: options.maxAttempts ?? 6,
      relayMs: options.relayMs ?? 2000,
      sweepMs: options.sweepMs ?? 60_000,
    };
    const log = fastify.log.child({ component: 'mail' });
    const siteUrl = publicUrlOf(env);
    const apiUrl = /^https?:\/\//.test(env.API_BASE ?? '') ? env.API_BASE!.replace(/\/+$/, '').replace(/\/api$/, '') : siteUrl;
    const from = options.from ?? `"Deals" <no-reply@${new URL(siteUrl).hostname}>`;
    // Without DATA_DIR (some tests) the outbox is a temporary folder, as uploads are.
    const outboxDir = join(opts.dataDir ?? join(tmpdir(), 'deals-outbox'), 'outbox');
    const transport = createMailTransport({ smtpUrl: options.smtpUrl, outboxDir, connections: settings.connections });
    if (transport.kind === 'outbox') log.info({ outbox: transport.where }, `SMTP_URL is not set: mails are written to ${transport.where} instead of sent`);
    else log.info({ smtp: transport.where }, 'mails are sent through SMTP');

    const signer = createLinkSigner(await sharedSecret(fastify.db, { name: 'email-link-key', make: 32 }));
    // Resolved now: a password mail is planned inside a transaction, where (on PGlite's one
    // connection) reading the secret would wait for that very transaction.
    const box: SecretBox = createSecretBox(await sharedSecret(fastify.db, { name: 'email-token-key', make: 32 }));
    const boxOf = async () => box;
    const outbox = createOutbox(fastify.db);
    const subscriptions = createSubscriptions(fastify.db);
    const compose: ComposeContext = { db: fastify.db, signer, box: boxOf, from, siteUrl, apiUrl, renderers: new Map() };
    const dueBy = (fromMs = 0) => new Date(Date.now() + fromMs + settings.leaseSeconds * 1000 * 2);

    /** Jobs for these messages, in the transaction that marked them handed over. */
    const sendJobs = async (executor: Pick<Database, 'execute'>, ids: readonly number[], startAfterMs = 0, tag = 'send') => {
      if (ids.length === 0) return;
      const jobs = [];
      for (let i = 0; i < ids.length; i += settings.batchSize) {
        const chunk = ids.slice(i, i + settings.batchSize);
        jobs.push({
          id: deterministicJobId(`mail-${tag}:${chunk.join(',')}`),
          name: MAIL_SEND_QUEUE,
          data: { ids: chunk },
          ...(startAfterMs > 0 ? { startAfter: new Date(Date.now() + startAfterMs) } : {}),
        });
      }
      await fastify.jobs.boss.insert(jobs, { db: fastify.jobs.in(executor) });
    };

    let relaying: Promise<void> | null = null;
    const relayOnce = async () => {
      for (;;) {
        const handed = await fastify.db.transaction(async (tx) => {
          const ids = await outbox.takeUndispatched(tx, 500, dueBy());
          await sendJobs(tx, ids);
          return ids.length;
        });
        if (handed < 500) return;
      }
    };
    const relay = () => (relaying ??= relayOnce().finally(() => (relaying = null)));

    const sweepOnce = async () => {
      await fastify.db.transaction(async (tx) => {
        const ids = await outbox.takeOverdue(tx, 2000, dueBy());
        // Tagged with the moment: the same rows overdue again later get a job of their own.
        await sendJobs(tx, ids, 0, `again-${Date.now()}`);
        if (ids.length > 0) log.warn({ messages: ids.length }, 'mails overdue (a sender stopped, or a retry was not queued): handed over again');
      });
      const deleted = await subscriptions.sweep();
      if (deleted > 0) log.info({ deleted }, 'email subscriptions without consent deleted');
      await sweepPasswordTokens(fastify.db);
      await outbox.prune(180);
    };

    const retryDelayMs = (attempts: number) => settings.retryBaseSeconds * 1000 * 4 ** Math.max(0, attempts - 1);

    /** One job: claim, spend the domains' budgets, compose, send, record. */
    const sendBatch = async (ids: readonly number[]) => {
      const claimed = await outbox.claim(ids, settings.leaseSeconds);
      if (claimed.length === 0) return;
      const byDomain = new Map<string, ClaimedMessage[]>();
      for (const m of claimed) byDomain.set(m.domain, [...(byDomain.get(m.domain) ?? []), m]);
      const go: ClaimedMessage[] = [];
      const budgets = await outbox.reserveDomains(new Map([...byDomain].map(([domain, list]) => [domain, list.length])), settings.domainPerMinute);
      for (const [domain, list] of byDomain) {
        const { allowed, retryInMs } = budgets.get(domain) ?? { allowed: list.length, retryInMs: 0 };
        go.push(...list.slice(0, allowed));
        const later = list.slice(allowed).map((m) => m.id);
        if (later.length > 0) {
          const wait = retryInMs + 250;
          await fastify.db.transaction(async (tx) => {
            await outbox.throttledBack(later, dueBy(wait), tx);
            await sendJobs(tx, later, wait, `throttle-${Date.now()}`);
          });
        }
      }
      const composed = await composeBatch(compose, go);
      let delivered: number[] = [];
      const flushDelivered = async () => {
        const done = delivered;
        delivered = [];
        await outbox.delivered(done);
      };
      await inParallel(go, settings.connections * 2, async (message, index) => {
        const result = composed[index]!;
        if ('skip' in result) {
          await outbox.failed(message.id, result.skip);
          return;
        }
        const outcome = await transport.send(result.mail);
        if (outcome.ok) {
          fastify.metrics.emailDelivery('delivered');
          delivered.push(message.id);
          // Written in small groups: a sender killed now re-sends at most these.
          if (delivered.length >= 20) await flushDelivered();
        } else if (outcome.permanent) {
          fastify.metrics.emailDelivery('bounced');
          await outbox.bounced(message, outcome.error);
        } else if (message.attempts >= settings.maxAttempts) {
          fastify.metrics.emailDelivery('failed');
          log.warn({ message: message.id, error: outcome.error }, 'mail failed after its last attempt');
          await outbox.failed(message.id, outcome.error);
        } else {
          fastify.metrics.emailDelivery('deferred');
          const wait = retryDelayMs(message.attempts);
          await fastify.db.transaction(async (tx) => {
            await outbox.deferred(message.id, outcome.error, dueBy(wait), tx);
            await sendJobs(tx, [message.id], wait, `retry-${message.attempts}`);
          });
        }
      });
      await flushDelivered();
    };

    const digestTime = (day: string) => new Date(`${day}T${String(settings.digestHour).padStart(2, '0')}:00:00Z`);
    const scheduleDigest = async (day: string) => {
      await fastify.jobs.boss.send(MAIL_DIGEST_QUEUE, { day }, { id: deterministicJobId(`mail-digest:${day}`), startAfter: digestTime(day), retryLimit: 5, retryDelay: 300, retryBackoff: true });
    };

    const planDigest = async (day: string) => {
      const at = digestTime(day);
      const deals = await digestDeals(fastify.db, at);
      if (deals.length === 0) return 0;
      const sendId = await ensureSend(fastify.db, { kind: 'digest', key: `digest:${day}`, title: `Daily digest of ${day} (${deals.length} deals)` });
      let afterId = 0;
      let planned = 0;
      for (;;) {
        const slice = await fastify.db.transaction(async (tx) => {
          const result = await planDigestSlice(tx, { sendId, day, deals, afterId, limit: 2000, dueBy: dueBy(30 * 60_000) });
          await sendJobs(tx, result.ids, 0, `digest-${day}`);
          return result;
        });
        planned += slice.ids.length;
        if (slice.lastId === null) break;
        afterId = slice.lastId;
      }
      log.info({ day, deals: deals.length, messages: planned }, 'daily digest planned');
      return planned;
    };

    await fastify.jobs.define<{ ids: number[] }>(MAIL_SEND_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 }, async ({ ids }) => sendBatch(ids));
    await fastify.jobs.define<{ day: string }>(MAIL_DIGEST_QUEUE, { retryLimit: 5, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 }, async ({ day }) => {
      await planDigest(day);
      if (options.scheduleDigest !== false) await scheduleDigest(nextDay(day));
    });

    const mail: Mail = {
      transport,
      outbox,
      subscriptions,
      signer,
      box: boxOf,
      async queue(executor, send, message) {
        const sendId = await ensureSend(executor, send);
        return (await insertMessages(executor, sendId, [message])).length > 0;
      },
      wake: () => void relay().catch((error) => log.error({ err: error }, 'mail relay failed')),
      async alertDeals(productIds) {
        const ids = await fastify.db.transaction((tx) => queueEmailAlerts(tx, productIds));
        if (ids.length > 0) mail.wake();
        return ids.length;
      },
      planDigest,
      digestTime,
      async flush() {
        await relay();
        await sweepOnce();
      },
    };
    fastify.decorate('mail', mail);

    const timers: NodeJS.Timeout[] = [];
    fastify.addHook('onReady', async () => {
      if (opts.jobs?.work === false) return;
      const loop = (ms: number, task: () => Promise<unknown>, name: string) => {
        const timer = setInterval(() => void task().catch((error) => log.error({ err: error }, `mail ${name} failed`)), ms);
        timer.unref();
        timers.push(timer);
      };
      loop(settings.relayMs, relay, 'relay');
      loop(settings.sweepMs, sweepOnce, 'sweep');
      if (options.scheduleDigest !== false) {
        const now = new Date();
        const today = now.toISOString().slice(0, 10);
        await scheduleDigest(digestTime(today) > now ? today : nextDay(today));
      }
      mail.wake();
    });
    fastify.addHook('preClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await relaying?.catch(() => undefined);
    });
    fastify.addHook('onClose', async () => transport.close());
  },
  { name: 'mail', dependencies: ['database', 'job-queue', 'metrics'] },
);
