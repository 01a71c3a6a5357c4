/**
 * The delivery worker's durable state, in SQL. A history row is claimed once (`queued` →
 * `sending`), at which point one push_deliveries row per target is written in the same
 * transaction; from then on every target's fate is a row update, and the history row's counts are
 * recomputed from those rows. So a restart resumes exactly the pending targets, and a target
 * delivered twice (process killed between the push service's answer and the update) is still
 * counted once.
 *
 * Claims use `FOR UPDATE SKIP LOCKED` and a lease (`next_attempt_at` pushed ahead while a worker
 * holds the target), so two processes on one PostgreSQL would not send the same target twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DevicePlatform, PushNotificationKind, WebPushSubscription } from '@deals/contract';
import type { Database } from '../db/client.js';
import { pushDeliveries, pushDevices } from '../db/schema.js';
import type { DeliveryOutcome } from './outcome.js';

/** A target claimed for one attempt, with what is needed to send to it. */
export interface ClaimedDelivery {
  id: number;
  notificationId: number;
  /** Null when the device was removed after the notification's targets were chosen. */
  deviceId: number | null;
  /** This attempt's number (1 for the first send). */
  attempt: number;
  token: string | null;
  platform: DevicePlatform | null;
  subscription: WebPushSubscription | null;
  title: string;
  message: string;
}

/** What the worker writes after an attempt: the outcome, with the retry time already decided. */
export type RecordedOutcome = Exclude<DeliveryOutcome, { kind: 'retry' }> | { kind: 'retry'; reason: string; delayMs: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function createDeliveryStore(db: Database) {
  return {
    /**
     * Claims the oldest queued notification and fixes its targets. A follow alert goes to its
     * audience (the browsers chosen when it was queued) still subscribed; any other kind to every
     * web subscription, plus mobile tokens when FCM is configured (otherwise they are skipped and
     * not counted), leaving out the browsers that get the same deal as a follow alert. Answers
     * the notification id, or null when none is queued. A notification without targets is done.
     */
    async claimQueued(includeMobile: boolean): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [queued] = rowsOf<{ id: number; kind: PushNotificationKind; product_id: number | null }>(
          await tx.execute(sql`SELECT id, kind, product_id FROM push_notification_history WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`),
        );
        if (!queued) return null;
        if (queued.kind === 'follow-alert') {
          await tx.execute(sql`
            INSERT INTO push_deliveries (notification_id, device_id)
            SELECT ${queued.id}::int, d.id FROM push_notification_audience a JOIN push_devices d ON d.id = a.device_id
            WHERE a.notification_id = ${queued.id}::int AND d.platform = 'web' AND d.subscription IS NOT NULL
            ON CONFLICT DO NOTHING`);
        } else {
          await tx.execute(sql`
            INSERT INTO push_deliveries (notification_id, device_id)
            SELECT ${queued.id}::int, d.id FROM push_devices d
            WHERE ((d.platform = 'web' AND d.subscription IS NOT NULL) OR (${includeMobile}::boolean AND d.platform IN ('ios', 'android')))
              AND NOT EXISTS (
                SELECT 1 FROM push_notification_history f JOIN push_notification_audience a ON a.notification_id = f.id
                WHERE f.kind = 'follow-alert' AND f.product_id = ${queued.product_id}::int AND a.device_id = d.id)
            ON CONFLICT DO NOTHING`);
        }
        await tx.execute(sql`
          UPDATE push_notification_history h
          SET number_of_targets = t.n, status = CASE WHEN t.n > 0 THEN 'sending' ELSE 'done' END
          FROM (SELECT count(*)::int AS n FROM push_deliveries WHERE notification_id = ${queued.id}::int) t
          WHERE h.id = ${queued.id}::int`);
        return queued.id;
      });
    },

    /**
     * Takes up to `limit` due pending targets for one attempt each: counts the attempt and leases
     * the row for `leaseMs` (due again then, should this process die before recording an outcome).
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
      const rows = rowsOf<{
        id: number;
        notification_id: number;
        device_id: number | null;
        attempts: number;
        token: string | null;
        platform: DevicePlatform | null;
        subscription: WebPushSubscription | string | null;
        title: string;
        message: string;
      }>(
        await db.execute(sql`
          WITH due AS (
            SELECT id FROM push_deliveries
            WHERE status = 'pending' AND next_attempt_at <= now()
            ORDER BY next_attempt_at, id
            LIMIT ${limit}::int
            FOR UPDATE SKIP LOCKED
          ), claimed AS (
            UPDATE push_deliveries d
            SET attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
            FROM due WHERE d.id = due.id
            RETURNING d.id, d.notification_id, d.device_id, d.attempts
          )
          SELECT c.id, c.notification_id, c.device_id, c.attempts, dev.token, dev.platform, dev.subscription, coalesce(a.title, h.title) AS title, h.message
          FROM claimed c
          JOIN push_notification_history h ON h.id = c.notification_id
          LEFT JOIN push_devices dev ON dev.id = c.device_id
          -- A follow alert's title is the browser's own (which of its follows matched).
          LEFT JOIN push_notification_audience a ON a.notification_id = c.notification_id AND a.device_id = c.device_id
          ORDER BY c.id`),
      );
      return rows.map((row) => ({
        id: row.id,
        notificationId: row.notification_id,
        deviceId: row.device_id,
        attempt: row.attempts,
        token: row.token,
        platform: row.platform,
        // Both drivers parse jsonb; a string would mean a driver configured otherwise.
        subscription: typeof row.subscription === 'string' ? (JSON.parse(row.subscription) as WebPushSubscription) : row.subscription,
        title: row.title,
        message: row.message,
      }));
    },

    /** Gives claimed targets back untried (a graceful stop): due at once, the attempt not counted. */
    async release(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(pushDeliveries)
        .set({ attempts: sql`greatest(${pushDeliveries.attempts} - 1, 0)`, nextAttemptAt: sql`now()` })
        .where(and(inArray(pushDeliveries.id, [...ids]), eq(pushDeliveries.status, 'pending')));
    },

    /** Writes one attempt's outcome; `gone` also removes the device so later notifications skip it. */
    async record(delivery: Pick<ClaimedDelivery, 'id' | 'deviceId'>, outcome: RecordedOutcome): Promise<void> {
      const pending = and(eq(pushDeliveries.id, delivery.id), eq(pushDeliveries.status, 'pending'));
      switch (outcome.kind) {
        case 'delivered':
          await db.update(pushDeliveries).set({ status: 'delivered', lastError: null }).where(pending);
          return;
        case 'failed':
          await db.update(pushDeliveries).set({ status: 'failed', lastError: outcome.reason.slice(0, 500) }).where(pending);
          return;
        case 'retry':
          await db
            .update(pushDeliveries)
            .set({ nextAttemptAt: sql`now() + ${Math.max(0, Math.round(outcome.delayMs))}::int * interval '1 millisecond'`, lastError: outcome.reason.slice(0, 500) })
            .where(pending);
          return;
        case 'gone':
          await db.transaction(async (tx) => {
            await tx.update(pushDeliveries).set({ status: 'gone', lastError: outcome.reason.slice(0, 500) }).where(pending);
            if (delivery.deviceId !== null) await tx.delete(pushDevices).where(eq(pushDevices.id, delivery.deviceId));
          });
          return;
      }
    },

    /**
     * Brings every `sending` row up to date: the delivered count from its delivery rows, and
     * `done` once none is pending. Run after each round, so a row left `sending` by a stopped
     * process is finished by the next one.
     */
    async refreshSending(): Promise<void> {
      await db.execute(sql`
        UPDATE push_notification_history h
        SET number_of_devices_sent_to = s.delivered, status = CASE WHEN s.pending > 0 THEN 'sending' ELSE 'done' END
        FROM (
          SELECT h2.id,
            (SELECT count(*)::int FROM push_deliveries d WHERE d.notification_id = h2.id AND d.status = 'delivered') AS delivered,
            (SELECT count(*)::int FROM push_deliveries d WHERE d.notification_id = h2.id AND d.status = 'pending') AS pending
          FROM push_notification_history h2 WHERE h2.status = 'sending'
        ) s
        WHERE h.id = s.id AND (h.number_of_devices_sent_to <> s.delivered OR s.pending = 0)`);
    },
  };
}

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
