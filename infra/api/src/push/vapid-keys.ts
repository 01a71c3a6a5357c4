/**
 * The VAPID key pair that signs Web Push requests. Browsers bind each subscription to the public
 * key they subscribed with, so a generated pair must be one for the whole deployment and survive
 * restarts: it is generated once into `deployment_secrets` (see lib/shared-secrets.ts).
 */
import webpush from 'web-push';
import type { Database } from '../db/client.js';
import { sharedSecret } from '../lib/shared-secrets.js';
import type { VapidKeys } from './settings.js';

/** Its name in `deployment_secrets` (and, before, the file under DATA_DIR/secrets). */
export const VAPID_KEYS_SECRET = 'vapid-keys.json';

export async function resolveVapidKeys(db: Database, dataDir: string | undefined, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  const text = await sharedSecret(db, { name: VAPID_KEYS_SECRET, make: () => JSON.stringify(webpush.generateVAPIDKeys()), dataDir });
  let keys: Partial<VapidKeys> | null = null;
  try {
    keys = JSON.parse(text) as Partial<VapidKeys>;
  } catch {
    // handled below
  }
  if (typeof keys?.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`the "${VAPID_KEYS_SECRET}" row of deployment_secrets is damaged: delete it to generate a new pair (existing browser subscriptions will stop working) or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
