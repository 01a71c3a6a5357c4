/**
 * Push delivery (`fastify.pushDelivery`): resolves the VAPID keys and the FCM sender, and runs the
 * delivery worker from the moment the server is ready until it closes. Routes call `wake()` after
 * queueing so a notification leaves at once instead of at the next poll.
 */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { siteAssets } from '../../db/schema.js';
import type { AppOptions } from '../../options.js';
import { createDeliveryStore } from '../../push/delivery-store.js';
import { createDeliveryWorker } from '../../push/delivery-worker.js';
import { createFcmSender } from '../../push/fcm-sender.js';
import { DEFAULT_WORKER_SETTINGS, readPushEnv } from '../../push/settings.js';
import { resolveVapidKeys } from '../../push/vapid-keys.js';
import { createWebPushSender } from '../../push/web-push-sender.js';

export interface PushDelivery {
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey: string;
  /** Whether mobile targets are delivered (FIREBASE_SERVICE_ACCOUNT configured). */
  fcmEnabled: boolean;
  /** A notification was queued: run a delivery round now. */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    pushDelivery: PushDelivery;
  }
}

export const FALLBACK_VAPID_SUBJECT = 'mailto:admin@localhost';
const MAILBOX = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;

export default fp<AppOptions>(
  async (fastify, opts) => {
    const push = opts.push ?? readPushEnv(opts.env ?? process.env);
    const settings = { ...DEFAULT_WORKER_SETTINGS, ...push.worker };
    const keys = await resolveVapidKeys(fastify.db, opts.dataDir, push.vapidKeys);
    const fcm = push.firebaseServiceAccount
      ? await createFcmSender({ serviceAccount: push.firebaseServiceAccount, ttlSeconds: settings.ttlSeconds, agent: push.httpsAgent })
      : null;
    if (!fcm) fastify.log.info('FIREBASE_SERVICE_ACCOUNT is not set: push notifications reach browsers only, mobile devices are skipped');

    // Push services may contact the subject about abuse: the configured one, else the company's address.
    const vapidSubject = async () => {
      if (push.vapidSubject) return push.vapidSubject;
      const [row] = await fastify.db.select({ email: siteAssets.emailAddress }).from(siteAssets).where(eq(siteAssets.id, 1));
      const email = row?.email?.trim();
      return email && MAILBOX.test(email) ? `mailto:${email}` : FALLBACK_VAPID_SUBJECT;
    };

    const worker = createDeliveryWorker({
      store: createDeliveryStore(fastify.db),
      settings,
      sendWeb: createWebPushSender({ keys, ttlSeconds: settings.ttlSeconds, requestTimeoutMs: settings.requestTimeoutMs, agent: push.httpsAgent }),
      fcm,
      vapidSubject,
      log: fastify.log.child({ component: 'push-delivery' }),
      onOutcome: fastify.metrics.pushDelivery,
    });

    fastify.decorate('pushDelivery', { publicKey: keys.publicKey, fcmEnabled: fcm !== null, wake: () => worker.wake() } satisfies PushDelivery);
    if (settings.enabled) fastify.addHook('onReady', async () => worker.start());
    // preClose runs before any onClose hook, so the database is still open while in-flight sends are recorded.
    fastify.addHook('preClose', async () => worker.stop());
    fastify.addHook('onClose', async () => fcm?.close());
  },
  { name: 'push-delivery', dependencies: ['database', 'metrics'] },
);
