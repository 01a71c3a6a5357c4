/**
 * Push targets (`fastify.pushDevices`): the mobile app's FCM tokens and browsers' Web Push
 * subscriptions, one row per token. Registering is idempotent (the same token updates its row:
 * apps re-register on every start, browsers when their keys rotate), unregistering is silent about
 * unknown tokens (no way to probe which tokens exist).
 */
import { ECDH } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { DEVICE_MESSAGES, type RegisterDeviceBody, type WebPushSubscription } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { pushDevices } from '../../db/schema.js';
import { fieldErrors, type HttpError } from '../../errors.js';

/** A P-256 public key (65-byte uncompressed point) and a 16-byte auth secret: what RFC 8291 encrypts to. */
function keysAreUsable(keys: WebPushSubscription['keys']): boolean {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04 || auth.length !== 16) return false;
  try {
    // Throws unless the point lies on the curve: a key web-push could never encrypt to.
    ECDH.convertKey(p256dh, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The rules the schema cannot state across fields; null when the registration is acceptable. */
export function registrationError(body: RegisterDeviceBody): HttpError | null {
  const token = body.token.trim();
  if (body.platform !== 'web') return body.subscription ? fieldErrors({ subscription: DEVICE_MESSAGES.subscriptionNotAllowed }) : null;
  if (!body.subscription) return fieldErrors({ subscription: DEVICE_MESSAGES.subscriptionRequired });
  if (token !== body.subscription.endpoint) return fieldErrors({ token: DEVICE_MESSAGES.tokenMustBeEndpoint });
  if (!URL.canParse(body.subscription.endpoint)) return fieldErrors({ 'subscription.endpoint': DEVICE_MESSAGES.endpointInvalid });
  if (!keysAreUsable(body.subscription.keys)) return fieldErrors({ 'subscription.keys': DEVICE_MESSAGES.keysMalformed });
  return null;
}

export function createPushDevicesRepository(db: Database) {
  return {
    /** Inserts the target or refreshes the row of the same token (platform, subscription, last seen). */
    async register(body: RegisterDeviceBody): Promise<void> {
      const subscription = body.platform === 'web' && body.subscription ? { endpoint: body.subscription.endpoint, keys: { p256dh: body.subscription.keys.p256dh, auth: body.subscription.keys.auth } } : null;
      await db
        .insert(pushDevices)
        .values({ token: body.token.trim(), platform: body.platform, subscription })
        .onConflictDoUpdate({ target: pushDevices.token, set: { platform: body.platform, subscription, lastSeenAt: sql`now()` } });
    },

    async unregister(token: string): Promise<void> {
      await db.delete(pushDevices).where(eq(pushDevices.token, token.trim()));
    },

    /** The devices a notification to everyone reaches now: what the delivery worker would target. */
    async audienceSize(includeMobile: boolean): Promise<number> {
      const [row] = await db
        .select({ devices: sql<number>`count(*)::int` })
        .from(pushDevices)
        .where(sql`(${pushDevices.platform} = 'web' AND ${pushDevices.subscription} IS NOT NULL) OR (${includeMobile}::boolean AND ${pushDevices.platform} IN ('ios', 'android'))`);
      return row?.devices ?? 0;
    },
  };
}

export type PushDevicesRepository = ReturnType<typeof createPushDevicesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    pushDevices: PushDevicesRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pushDevices', createPushDevicesRepository(fastify.db));
  },
  { name: 'push-devices', dependencies: ['database'] },
);
