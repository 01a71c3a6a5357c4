/** Email-blast subscribers (`fastify.emailSubscribers`): the sign-ups of the public site and their list. */
import { desc } from 'drizzle-orm';
import type { EmailSubscriber } from '@deals/contract';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { emailSubscribers } from '../../db/schema.js';

/**
 * Stores the address once: the unique index on lower(email) makes a repeat (in any letter case,
 * even two at the same instant) a no-op, so the caller cannot tell whether it was known.
 */
async function subscribe(db: Database, email: string): Promise<void> {
  await db.insert(emailSubscribers).values({ email }).onConflictDoNothing();
}

/** Every subscriber, newest first. */
async function listSubscribers(db: Database): Promise<EmailSubscriber[]> {
  const rows = await db
    .select({ id: emailSubscribers.id, email: emailSubscribers.email, createdAt: emailSubscribers.createdAt })
    .from(emailSubscribers)
    .orderBy(desc(emailSubscribers.createdAt), desc(emailSubscribers.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export function createEmailSubscribersRepository(db: Database) {
  return { subscribe: (email: string) => subscribe(db, email), list: () => listSubscribers(db) };
}

declare module 'fastify' {
  interface FastifyInstance {
    emailSubscribers: ReturnType<typeof createEmailSubscribersRepository>;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('emailSubscribers', createEmailSubscribersRepository(fastify.db));
  },
  { name: 'email-subscribers', dependencies: ['database'] },
);
