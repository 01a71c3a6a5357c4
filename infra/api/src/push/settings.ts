/**
 * Push delivery settings: what the environment configures (VAPID keys and subject, the Firebase
 * service account) and the worker's tuning. Read once at start so a malformed value stops the
 * server with a clear message instead of failing every delivery later.
 */
import { readFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import webpush from 'web-push';

type Env = Readonly<Record<string, string | undefined>>;

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url (what browsers pass to `pushManager.subscribe`). */
  publicKey: string;
  privateKey: string;
}

/** The fields of a Google service account key file that FCM HTTP v1 needs. */
export interface FirebaseServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  [field: string]: unknown;
}

export interface WorkerSettings {
  /** Run the in-process worker (default true; some tests watch rows stay `queued`). */
  enabled: boolean;
  /** Idle polling period; a send from the console wakes the worker at once. */
  pollIntervalMs: number;
  /** Targets claimed per round. */
  batchSize: number;
  /** Requests in flight at once: modest, so one big send does not starve the API or trip rate limits. */
  concurrency: number;
  /** Sends per target before it is marked failed. */
  maxAttempts: number;
  /** First retry delay; doubled per attempt (with jitter), capped at retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * How long a claimed target stays reserved: if the process dies mid-send, the target becomes
   * due again after this (a graceful stop releases unsent claims at once).
   */
  leaseMs: number;
  /** Per-request timeout towards a push service. */
  requestTimeoutMs: number;
  /** How long push services keep an undelivered notification (seconds). */
  ttlSeconds: number;
}

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = {
  enabled: true,
  pollIntervalMs: 1_000,
  batchSize: 50,
  concurrency: 10,
  maxAttempts: 5,
  retryBaseMs: 10_000,
  retryMaxMs: 15 * 60_000,
  leaseMs: 2 * 60_000,
  requestTimeoutMs: 30_000,
  ttlSeconds: 24 * 60 * 60,
};

export interface PushOptions {
  /** `VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY`; unset: generated once for the deployment into `deployment_secrets`. */
  vapidKeys?: VapidKeys | undefined;
  /** `VAPID_SUBJECT`; unset: `mailto:` the company email of the site settings, else `mailto:admin@localhost`. */
  vapidSubject?: string | undefined;
  /** `FIREBASE_SERVICE_ACCOUNT` (JSON text or a path); unset: mobile targets are skipped. */
  firebaseServiceAccount?: FirebaseServiceAccount | undefined;
  worker?: Partial<WorkerSettings>;
  /**
   * The HTTPS agent of every outgoing push request (push services, FCM and Google's token
   * endpoint). Unset: Node's default. Tests pass one that routes to local servers.
   */
  httpsAgent?: Agent | undefined;
}

/** Reads `VAPID_*` and `FIREBASE_SERVICE_ACCOUNT`; throws with a readable message when malformed. */
export function readPushEnv(env: Env): PushOptions {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or both left unset to generate a pair)');
  }
  const vapidKeys = publicKey && privateKey ? { publicKey, privateKey } : undefined;
  const vapidSubject = env.VAPID_SUBJECT?.trim() || undefined;
  if (vapidKeys || vapidSubject) validateVapid(vapidKeys, vapidSubject);
  return { vapidKeys, vapidSubject, firebaseServiceAccount: parseServiceAccount(env.FIREBASE_SERVICE_ACCOUNT) };
}

/** web-push's own checks (key lengths, subject scheme), run once with a placeholder audience. */
export function validateVapid(keys: VapidKeys | undefined, subject: string | undefined): void {
  const probe = webpush.generateVAPIDKeys();
  try {
    webpush.getVapidHeaders('https://push.example', subject ?? 'mailto:admin@localhost', keys?.publicKey ?? probe.publicKey, keys?.privateKey ?? probe.privateKey, 'aes128gcm');
  } catch (error) {
    throw new Error(`VAPID settings are invalid: ${(error as Error).message}`);
  }
}

/** `FIREBASE_SERVICE_ACCOUNT` is the key file's JSON text, or the path of the file. */
export function parseServiceAccount(value: string | undefined): FirebaseServiceAccount | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let json: string;
  if (text.startsWith('{')) json = text;
  else {
    try {
      json = readFileSync(text, 'utf8');
    } catch (error) {
      throw new Error(`FIREBASE_SERVICE_ACCOUNT: cannot read the file "${text}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('FIREBASE_SERVICE_ACCOUNT is not valid JSON (give the service account key file or its JSON text)');
  }
  const account = parsed as Partial<FirebaseServiceAccount> | null;
  const missing = (['project_id', 'client_email', 'private_key'] as const).filter((field) => typeof account?.[field] !== 'string' || !account[field]);
  if (missing.length > 0) throw new Error(`FIREBASE_SERVICE_ACCOUNT lacks ${missing.join(', ')} (expected a Google service account key)`);
  return account as FirebaseServiceAccount;
}
