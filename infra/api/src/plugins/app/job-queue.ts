/**
 * The job queue (`fastify.jobs`): pg-boss on the app's own database, so a job scheduled for later
 * survives restarts and is run by exactly one of several instances (pg-boss fetches with
 * `FOR UPDATE SKIP LOCKED`). pg-boss keeps its tables in the `pgboss` schema and migrates them
 * itself on start.
 *
 * pg-boss runs its statements through `fastify.rawSql` (PGlite or the node-postgres pool), and a
 * feature that schedules work as part of a write passes `jobs.in(tx)`, so the job is stored in the
 * write's transaction: both commit, or neither.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.js';
import { DEPLOYMENT_LOCKS, withDeploymentLock } from '../../db/deployment-lock.js';
import type { AppOptions } from '../../options.js';

export interface JobQueueOptions {
  /** How often an idle worker asks for due jobs, in seconds (pg-boss's minimum is 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** Run workers in this instance (default true); scheduling works either way. */
  work?: boolean;
}

export type JobHandler<T> = (data: T, job: PgBoss.Job<T>) => Promise<void>;

export interface JobQueue {
  boss: PgBoss;
  /** pg-boss's connection for one call made inside a Drizzle transaction (or on `db` itself). */
  in(executor: Pick<Database, 'execute'>): PgBoss.Db;
  /** Creates the queue (idempotent) and runs `handler` for its jobs from the moment the app is ready. */
  define<T extends object>(name: string, options: Omit<PgBoss.Queue, 'name'>, handler: JobHandler<T>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * A job id (a UUID, version 8 of RFC 9562) derived from what the job is for, so the job a record
 * waits on is known from the record alone and scheduling the same thing twice stores one job.
 */
export function deterministicJobId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** pg-boss numbers its placeholders ($1…); Drizzle binds each occurrence as a parameter of its own. */
export function boundStatement(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    // sql.param keeps an array one parameter (a bare array would be spread into a list).
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const settings = opts.jobs ?? {};
    const pollingIntervalSeconds = settings.pollingIntervalSeconds ?? 2;
    const boss = new PgBoss({
      db: { executeSql: (text, values) => fastify.rawSql.execute(text, values) },
      // Cron schedules are not used; the maintenance (expiry, archive, retention) is.
      schedule: false,
    });
    const log = fastify.log.child({ component: 'job-queue' });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    // pg-boss creates and migrates its schema on start; instances starting together would race to
    // create it (PostgreSQL rejects the second CREATE SCHEMA), so they take turns.
    await withDeploymentLock(opts.database, DEPLOYMENT_LOCKS.jobQueue, () => boss.start());

    const handlers: { name: string; handler: JobHandler<object> }[] = [];
    const jobs: JobQueue = {
      boss,
      in: (executor) => ({ executeSql: async (text, values) => (await executor.execute(boundStatement(text, values))) as unknown as { rows: unknown[] } }),
      async define(name, options, handler) {
        // Creating a queue adds a partition to pg-boss's job table: concurrent creations deadlock.
        await withDeploymentLock(opts.database, DEPLOYMENT_LOCKS.jobQueue, () => boss.createQueue(name, { ...options, name }));
        handlers.push({ name, handler: handler as JobHandler<object> });
      },
    };
    fastify.decorate('jobs', jobs);
    // Jobs waiting (created or to be retried) per defined queue, counted on scrape (metrics cache it).
    fastify.metrics.jobQueueDepth(async () => {
      const depth = new Map<string, number>(handlers.map(({ name }) => [name, 0]));
      const result = await fastify.rawSql.execute(`SELECT name, count(*)::int AS waiting FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`);
      for (const row of result.rows as { name: string; waiting: number }[]) if (depth.has(row.name)) depth.set(row.name, Number(row.waiting));
      return depth;
    });

    if (settings.work !== false) {
      fastify.addHook('onReady', async () => {
        for (const { name, handler } of handlers) {
          let workerId = '';
          workerId = await boss.work<object>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
            if (!job) return;
            try {
              await handler(job.data, job);
            } catch (error) {
              fastify.metrics.jobFailed(name);
              throw error;
            } finally {
              // A worker that found a job asks for the next at once (a backlog drains at full
              // speed); only an idle one waits for the polling interval.
              boss.notifyWorker(workerId);
            }
          });
        }
      });
    }
    // preClose runs before the database closes: running handlers finish, nothing new is fetched.
    fastify.addHook('preClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: 'job-queue', dependencies: ['database', 'metrics'] },
);
