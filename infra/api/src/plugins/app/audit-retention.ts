/**
 * The audit log's retention. Once a day, entries older than `AUDIT_RETENTION_DAYS`
 * (default 365) are deleted through `fastify.audit.purgeOlderThan`, as a job of the pg-boss queue
 * (`fastify.jobs`) in the app's own database, so operators add nothing and several instances
 * purge once between them:
 * - the queue's `short` policy holds at most one waiting job, so the next run is planned by
 *   every instance as it starts and by the run itself, and the database keeps exactly one;
 * - a run plans the next day's before it purges, so a failed purge (retried) never ends the chain.
 * (pg-boss's cron scheduler is off in this app: job-queue.ts starts it with `schedule: false`.)
 */
import fp from 'fastify-plugin';
import { AUDIT_RETENTION_DEFAULT_DAYS } from '@deals/contract/audit';
import type { AppOptions } from '../../options.js';

export const AUDIT_RETENTION_QUEUE = 'audit-retention';
/** The purge's time of day, in UTC: a quiet hour for most sites. */
export const AUDIT_PURGE_HOUR_UTC = 3;

/** The first purge time strictly after `now`: the next 03:00 UTC. */
export function nextPurgeAt(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), AUDIT_PURGE_HOUR_UTC));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditRetention: {
      /** How many days entries are kept. */
      days: number;
      /** One purge now (what the daily job does); answers how many entries went. */
      purge(): Promise<number>;
    };
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const days = opts.audit?.retentionDays ?? AUDIT_RETENTION_DEFAULT_DAYS;
    const log = fastify.log.child({ component: 'audit-retention' });

    async function purge(): Promise<number> {
      const deleted = await fastify.audit.purgeOlderThan(days);
      log.info({ deleted, days }, 'audit log entries past their retention deleted');
      return deleted;
    }
    // A second waiting job is refused by the queue's policy (send answers null): nothing to do.
    const planNext = () => fastify.jobs.boss.send(AUDIT_RETENTION_QUEUE, {}, { startAfter: nextPurgeAt(new Date()) });

    fastify.decorate('auditRetention', { days, purge });
    await fastify.jobs.define(
      AUDIT_RETENTION_QUEUE,
      // A long log takes a while to trim the first time: an hour before the run counts as lost.
      { policy: 'short', retryLimit: 5, retryDelay: 600, retryBackoff: true, expireInSeconds: 3600 },
      async () => {
        await planNext();
        await purge();
      },
    );
    fastify.addHook('onReady', async () => {
      await planNext();
    });
  },
  { name: 'audit-retention', dependencies: ['audit', 'job-queue'] },
);
