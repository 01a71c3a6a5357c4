/**
 * A staff member's own back-office settings (`fastify.userPreferences`): one JSON value per user
 * and key in `user_preferences`, deleted with the user. Nothing here is public content.
 */
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ColumnSettings, ColumnTable } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { userPreferences } from '../../db/schema.js';

const columnsKey = (table: ColumnTable) => `table-columns:${table}`;

export function createUserPreferencesRepository(db: Database) {
  return {
    async tableColumns(userId: number, table: ColumnTable): Promise<ColumnSettings | null> {
      const [row] = await db
        .select({ value: userPreferences.value })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, columnsKey(table))));
      return (row?.value as ColumnSettings | undefined) ?? null;
    },

    /** Saves the setting, or forgets it (`null`: the screen's defaults apply again). */
    async saveTableColumns(userId: number, table: ColumnTable, columns: ColumnSettings | null): Promise<void> {
      const key = columnsKey(table);
      if (columns === null) {
        await db.delete(userPreferences).where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)));
        return;
      }
      await db
        .insert(userPreferences)
        .values({ userId, key, value: columns })
        .onConflictDoUpdate({ target: [userPreferences.userId, userPreferences.key], set: { value: columns, updatedAt: sql`now()` } });
    },
  };
}

export type UserPreferencesRepository = ReturnType<typeof createUserPreferencesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    userPreferences: UserPreferencesRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('userPreferences', createUserPreferencesRepository(fastify.db));
  },
  { name: 'user-preferences', dependencies: ['database'] },
);
