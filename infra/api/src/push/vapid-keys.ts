/**
 * The VAPID key pair that signs Web Push requests. Browsers bind each subscription to the public
 * key they subscribed with, so a generated pair must survive restarts: it is written once into
 * `DATA_DIR/secrets/vapid-keys.json` (mode 0600) and read back afterwards.
 */
import webpush from 'web-push';
import { persistentSecret } from '../lib/data-dir.js';
import type { VapidKeys } from './settings.js';

export const VAPID_KEYS_FILE = 'vapid-keys.json';

export async function resolveVapidKeys(dataDir: string | undefined, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  const text = await persistentSecret(dataDir, VAPID_KEYS_FILE, undefined, () => JSON.stringify(webpush.generateVAPIDKeys()));
  let keys: Partial<VapidKeys> | null = null;
  try {
    keys = JSON.parse(text) as Partial<VapidKeys>;
  } catch {
    // handled below
  }
  if (typeof keys?.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`${VAPID_KEYS_FILE} under DATA_DIR/secrets is damaged: delete it to generate a new pair (existing browser subscriptions will stop working) or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
