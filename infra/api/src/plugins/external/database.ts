/** Opens and migrates the database, exposes it as `fastify.db` and closes it with the server. */
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { migrationsCurrent, openDatabase, type Database, type DatabaseOptions, type RawSql } from '../../db/client.js';
import type { AppOptions } from '../../options.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbDriver: DatabaseOptions['driver'];
    /** The same database for plain SQL text (the job queue's own statements). */
    rawSql: RawSql;
    /** Rejects when the database does not answer a trivial query (the health check). */
    databaseAlive(): Promise<void>;
    /** Whether the database carries every migration this build ships (readiness); rejects when it does not answer. */
    databaseCurrent(): Promise<boolean>;
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const database = await openDatabase(opts.database, (error) => fastify.log.error({ err: error }, 'database pool error'), {
      query: fastify.metrics.databaseQuery,
      traceQueries: Boolean(opts.tracing),
    });
    fastify.metrics.databaseUsage(database.usage);
    fastify.decorate('db', database.db);
    fastify.decorate('dbDriver', database.driver);
    fastify.decorate('rawSql', database.raw);
    fastify.decorate('databaseAlive', async () => {
      await database.db.execute(sql`select 1`);
    });
    fastify.decorate('databaseCurrent', () => migrationsCurrent(database.db));
    fastify.addHook('onClose', async () => {
      await database.close();
    });
    fastify.log.info({ driver: database.driver }, 'database ready');
  },
  { name: 'database', dependencies: ['metrics'] },
);
