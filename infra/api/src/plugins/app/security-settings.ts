/**
 * The deployment's security settings (`fastify.securitySettings`): for now whether every staff
 * account must use two-factor sign-in. One row, read from the database on each sign-in so every
 * instance applies a change at once.
 */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { SecuritySettings } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { securitySettings } from '../../db/schema.js';
import type { AuditTrail } from './audit.js';

const ROW_ID = 1;

export function createSecuritySettingsRepository(db: Database) {
  return {
    async get(): Promise<SecuritySettings> {
      const [row] = await db.select({ requireTwoFactor: securitySettings.requireTwoFactor }).from(securitySettings).where(eq(securitySettings.id, ROW_ID));
      return { requireTwoFactor: row?.requireTwoFactor ?? false };
    },

    async save(settings: SecuritySettings, byUserId: number, audit: AuditTrail): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ requireTwoFactor: securitySettings.requireTwoFactor }).from(securitySettings).where(eq(securitySettings.id, ROW_ID));
        await tx
          .insert(securitySettings)
          .values({ id: ROW_ID, requireTwoFactor: settings.requireTwoFactor, updatedById: byUserId })
          .onConflictDoUpdate({ target: securitySettings.id, set: { requireTwoFactor: settings.requireTwoFactor, updatedById: byUserId } });
        await audit(tx, {
          action: 'update',
          recordType: 'security-settings',
          recordId: ROW_ID,
          changes: { requireTwoFactor: { from: before?.requireTwoFactor ?? false, to: settings.requireTwoFactor } },
        });
      });
    },
  };
}

export type SecuritySettingsRepository = ReturnType<typeof createSecuritySettingsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    securitySettings: SecuritySettingsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('securitySettings', createSecuritySettingsRepository(fastify.db));
  },
  { name: 'security-settings', dependencies: ['database'] },
);
