/** Email-blast subscribers: the queries behind the EmailBlast routes. */
import { desc } from 'drizzle-orm';
import type { EmailSubscriber } from '@deals/contract';
import type { Database } from '../../../db/client.js';
import { emailSubscribers } from '../../../db/schema.js';

/**
 * Stores the address once: the unique index on lower(email) makes a repeat (in any letter case,
 * even two at the same instant) a no-op, so the caller cannot tell whether it was known.
 */
export async function subscribe(db: Database, email: string): Promise<void> {
  await db.insert(emailSubscribers).values({ email }).onConflictDoNothing();
}

/** Every subscriber, newest first. */
export async function listSubscribers(db: Database): Promise<EmailSubscriber[]> {
  const rows = await db
    .select({ id: emailSubscribers.id, email: emailSubscribers.email, createdAt: emailSubscribers.createdAt })
    .from(emailSubscribers)
    .orderBy(desc(emailSubscribers.createdAt), desc(emailSubscribers.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
