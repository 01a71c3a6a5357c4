/**
 * Push notification history, exposed as `fastify.pushHistory`.
 *
 * Sending only records a `queued` row: delivery (FCM / Web Push to the registered devices) is the
 * job of the worker in push-delivery.ts, which claims queued rows, so the console answers at once
 * however many devices there are and a restart never loses a notification.
 */
import { desc, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { PushNotificationHistoryRow, PushNotificationKind, PushNotificationStatus } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { pushNotificationHistory, users } from '../../db/schema.js';

export interface QueuePushNotification {
  title: string;
  message: string;
  createdById: number;
}

export function createPushHistoryRepository(db: Database) {
  return {
    /** Every row, newest first (the console pages them, 100 at a time). */
    async list(): Promise<PushNotificationHistoryRow[]> {
      const rows = await db
        .select({
          id: pushNotificationHistory.id,
          title: pushNotificationHistory.title,
          message: pushNotificationHistory.message,
          numberOfDevicesNotificationSentTo: pushNotificationHistory.numberOfDevicesNotificationSentTo,
          numberOfTargets: pushNotificationHistory.numberOfTargets,
          createdBy: users.fullName,
          dateCreated: pushNotificationHistory.dateCreated,
          status: pushNotificationHistory.status,
          kind: pushNotificationHistory.kind,
        })
        .from(pushNotificationHistory)
        .leftJoin(users, eq(users.id, pushNotificationHistory.createdById))
        .orderBy(desc(pushNotificationHistory.dateCreated), desc(pushNotificationHistory.id));
      return rows.map((row) => ({
        ...row,
        dateCreated: row.dateCreated.toISOString(),
        status: row.status as PushNotificationStatus,
        kind: row.kind as PushNotificationKind,
      }));
    },

    /** Records a notification for the delivery worker; answers its id. */
    async queue(input: QueuePushNotification): Promise<number> {
      const [row] = await db
        .insert(pushNotificationHistory)
        .values({ title: input.title, message: input.message, createdById: input.createdById, status: 'queued' satisfies PushNotificationStatus, kind: 'staff' satisfies PushNotificationKind })
        .returning({ id: pushNotificationHistory.id });
      if (!row) throw new Error('push notification insert returned nothing');
      return row.id;
    },
  };
}

export type PushHistoryRepository = ReturnType<typeof createPushHistoryRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    pushHistory: PushHistoryRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pushHistory', createPushHistoryRepository(fastify.db));
  },
  { name: 'push-history', dependencies: ['database'] },
);
