/**
 * Tests of work the job queue runs later (scheduled go-live, scheduled publishing): an app that is
 * ready (its workers run), waiting for an outcome, and "advancing the clock".
 *
 * The queue runs on the database's clock, which a test cannot stop: advancing moves every stored
 * instant back by the same amount (the record's scheduled instants, its job's start_after and the
 * instant the job carries), which is what the passing of that time leaves in the database.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import type { RevisionRecordType } from '@deals/contract';
import { SCHEDULE_QUEUE } from '../plugins/app/editorial.js';
import type { TestDatabase } from './database.js';

export const FAST_JOBS: Partial<AppOptions> = { logger: false, push: { worker: { enabled: false } }, jobs: { pollingIntervalSeconds: 0.5 } };

/** Ready, as a listening server is: its workers run. */
export async function readyInstance(database: TestDatabase, extra: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ database: database.options, ...FAST_JOBS, ...extra, env: { PUBLIC_CACHE_TTL_MS: '0' } });
  await app.ready();
  return app;
}

/** Reads until `done` holds or the time is up; answers the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

const TABLES = { page: 'pages', blog: 'pages', contentSection: 'content_sections', banner: 'banners' } as const;

/** Moves a record's scheduled publish and unpublish, and their jobs, `seconds` into the past. */
export async function advanceSchedule(app: FastifyInstance, recordType: Exclude<RevisionRecordType, 'deal'>, recordId: number, seconds: number): Promise<void> {
  // A job keeps its id (made from the first instant); it is found by what it is for.
  await app.db.execute(
    sql`UPDATE pgboss.job SET start_after = start_after - make_interval(secs => ${seconds}),
          data = jsonb_set(data, '{at}', to_jsonb(to_char(((data->>'at')::timestamptz - make_interval(secs => ${seconds})) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        WHERE name = ${SCHEDULE_QUEUE} AND state = 'created' AND data->>'recordType' = ${recordType} AND (data->>'recordId')::int = ${recordId}`,
  );
  await app.db.execute(
    sql`UPDATE ${sql.identifier(TABLES[recordType])} SET publish_at = publish_at - make_interval(secs => ${seconds}), unpublish_at = unpublish_at - make_interval(secs => ${seconds}) WHERE id = ${recordId}`,
  );
}
