/**
 * The in-process delivery worker: started with the server, stopped on close. Each round it claims
 * queued notifications (fixing their targets), then a batch of due targets, sends them a few at a
 * time, records each outcome as it arrives and refreshes the history rows. It sleeps between
 * rounds only when there was nothing to do; `wake()` (a notification was just queued) cuts the
 * sleep short.
 *
 * Stopping finishes the sends already in flight and releases the claimed targets not yet tried,
 * so a restart picks them up at once: nothing is lost and nothing counted twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_OPEN_URL } from '@deals/contract';
import type { ClaimedDelivery, DeliveryStore, RecordedOutcome } from './delivery-store.js';
import type { FcmSender } from './fcm-sender.js';
import { reasonOf, retryDelayMs, type DeliveryOutcome } from './outcome.js';
import type { WorkerSettings } from './settings.js';
import type { WebPushSend } from './web-push-sender.js';

export interface DeliveryWorkerDeps {
  store: DeliveryStore;
  settings: WorkerSettings;
  sendWeb: WebPushSend;
  /** Null when FCM is not configured: mobile targets are then not chosen. */
  fcm: FcmSender | null;
  /** The VAPID subject for this round (it may follow the company email of the site settings). */
  vapidSubject: () => Promise<string>;
  log: FastifyBaseLogger;
  /** Counts each attempt's outcome (metrics): channel `web`, `fcm`, or `unknown` for a device removed meanwhile. */
  onOutcome?: (channel: 'web' | 'fcm' | 'unknown', outcome: RecordedOutcome['kind']) => void;
}

export interface DeliveryWorker {
  start(): void;
  /** Run a round soon: something was queued. */
  wake(): void;
  /** Resolves once in-flight sends are recorded and unsent claims released. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const { store, settings, log } = deps;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let wakeRequested = false;

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      wakeRequested = false;
      running = drain()
        .catch((error: unknown) => log.error({ err: error }, 'push delivery round failed'))
        .finally(() => {
          running = null;
          schedule(wakeRequested ? 0 : settings.pollIntervalMs);
        });
    }, delayMs);
    // The worker alone must not keep a process alive (the server's socket does that).
    timer.unref();
  }

  /** Rounds until nothing is left to do now (or a stop is asked). */
  async function drain(): Promise<void> {
    while (!stopped) {
      let worked = false;
      while (!stopped && (await store.claimQueued(deps.fcm !== null)) !== null) worked = true;
      if (stopped) break;
      const batch = await store.claimDue(settings.batchSize, settings.leaseMs);
      if (batch.length > 0) {
        worked = true;
        const subject = await deps.vapidSubject();
        const untried = await runPool(batch, settings.concurrency, (delivery) => deliver(delivery, subject), () => stopped);
        await store.release(untried.map((delivery) => delivery.id));
      }
      await store.refreshSending();
      if (!worked) break;
    }
  }

  async function deliver(delivery: ClaimedDelivery, subject: string): Promise<void> {
    let outcome: DeliveryOutcome;
    try {
      outcome = await send(delivery, subject);
    } catch (error) {
      // The senders classify their own failures; anything else is a bug worth a retry, not a crash.
      outcome = { kind: 'retry', reason: reasonOf(error) };
    }
    const recorded = decide(delivery, outcome);
    deps.onOutcome?.(delivery.platform === null ? 'unknown' : delivery.platform === 'web' ? 'web' : 'fcm', recorded.kind);
    if (recorded.kind !== 'delivered') log.info({ deliveryId: delivery.id, notificationId: delivery.notificationId, outcome: recorded }, 'push delivery not delivered');
    try {
      await store.record(delivery, recorded);
    } catch (error) {
      // Left pending under its lease: retried once the lease runs out.
      log.error({ err: error, deliveryId: delivery.id }, 'could not record a push delivery outcome');
    }
  }

  function send(delivery: ClaimedDelivery, subject: string): Promise<DeliveryOutcome> {
    const payload = { title: delivery.title, message: delivery.message, url: PUSH_OPEN_URL };
    if (delivery.deviceId === null || delivery.token === null) return Promise.resolve({ kind: 'gone', reason: 'device removed before delivery' });
    if (delivery.platform === 'web') {
      if (!delivery.subscription) return Promise.resolve({ kind: 'failed', reason: 'web device without a subscription' });
      return deps.sendWeb(delivery.subscription, payload, subject);
    }
    if (!deps.fcm) return Promise.resolve({ kind: 'failed', reason: 'FIREBASE_SERVICE_ACCOUNT is no longer configured' });
    return deps.fcm.send(delivery.token, payload);
  }

  /** A transient failure is retried with back-off until the attempts run out, then failed. */
  function decide(delivery: ClaimedDelivery, outcome: DeliveryOutcome): RecordedOutcome {
    if (outcome.kind !== 'retry') return outcome;
    if (delivery.attempt >= settings.maxAttempts) return { kind: 'failed', reason: `gave up after ${delivery.attempt} attempts: ${outcome.reason}` };
    return { kind: 'retry', reason: outcome.reason, delayMs: retryDelayMs(delivery.attempt, settings, outcome.retryAfterMs) };
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      if (running) wakeRequested = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/**
 * Runs `work` over `items`, at most `concurrency` at a time, starting no new item once
 * `shouldStop()` answers true; answers the items never started.
 */
export async function runPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>, shouldStop: () => boolean): Promise<T[]> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !shouldStop()) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  return items.slice(next);
}
