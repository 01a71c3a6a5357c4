/**
 * The deployment-wide version of public content, `fastify.contentVersion`: what lets every instance
 * cache rendered pages and the site info and still never serve them stale after an edit.
 *
 * - Every successful staff write through the API (any method but GET/HEAD/OPTIONS, answered below
 *   400, by a signed-in staff member) bumps the row in PostgreSQL before its answer leaves, so the
 *   editor's next page view on this instance is already fresh.
 * - `current()` re-reads the row at most once per `recheckMs` (1 s): another instance's edit reaches
 *   this one's caches within a second. Anonymous writes (searches, sign-ups, device registrations)
 *   change nothing a cached page shows and bump nothing.
 * - What time alone changes (a deal starting or expiring) is the caches' own lifetime, not this.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';

export interface ContentVersion {
  /** The version as last read, re-read from the database when older than `recheckMs`. */
  current(): Promise<number>;
  /** Records a change of public content; answers the new version. */
  bump(): Promise<number>;
}

const READ = sql`SELECT version FROM content_version WHERE id = 1`;
const BUMP = sql`UPDATE content_version SET version = version + 1, changed_at = now() WHERE id = 1 RETURNING version`;

function versionOf(result: unknown): number {
  const row = (result as { rows: { version: number | string }[] }).rows[0];
  // The migration inserts the row; a database without it has simply never been edited.
  return row ? Number(row.version) : 0;
}

export function createContentVersion(db: Database, recheckMs = 1_000, now: () => number = Date.now): ContentVersion {
  let known = 0;
  let readAt = -Infinity;
  let reading: Promise<number> | null = null;
  return {
    current() {
      if (now() - readAt < recheckMs) return Promise.resolve(known);
      // One read at a time however many requests ask during it.
      reading ??= db
        .execute(READ)
        .then((result) => {
          known = Math.max(known, versionOf(result));
          readAt = now();
          return known;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
    async bump() {
      known = versionOf(await db.execute(BUMP));
      readAt = now();
      return known;
    },
  };
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    contentVersion: ContentVersion;
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    const versions = createContentVersion(fastify.db);
    fastify.decorate('contentVersion', versions);
    fastify.addHook('onSend', async (request, reply, payload) => {
      if (READ_ONLY_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
      if (request.viewer?.kind !== 'staff' || !request.url.startsWith('/api/') || request.routeOptions.config.personal) return payload;
      try {
        await versions.bump();
      } catch (error) {
        // The write itself succeeded; caches then catch up through their lifetime.
        request.log.error({ err: error }, 'could not record a change of public content');
      }
      return payload;
    });
  },
  { name: 'content-version', dependencies: ['database', 'viewer'] },
);
