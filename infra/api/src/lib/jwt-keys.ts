/**
 * The HS256 keys of access tokens, shared by every instance. Each token names its key in the
 * header (`kid`, a short hash of the key, never the key), so a key can be rotated while tokens
 * signed with the one before stay valid until they expire (15 minutes).
 *
 * - Configured: `JWT_SECRET` signs; `JWT_PREVIOUS_SECRET` (optional) is still accepted.
 * - Generated: the `jwt-secret` row of `deployment_secrets` signs and `jwt-secret-previous` is
 *   accepted. `npm run jwt:rotate -w @deals/api` replaces them; every instance re-reads the rows
 *   each `reloadMs` and at once (at most every `minReloadGapMs`) when a token names a key it does
 *   not know, so a rotation needs no restart.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/client.js';
import { readSharedSecret, sharedSecret } from './shared-secrets.js';

export const JWT_SECRET_NAME = 'jwt-secret';
export const JWT_PREVIOUS_SECRET_NAME = `${JWT_SECRET_NAME}-previous`;

export interface JwtKey {
  kid: string;
  secret: string;
}

export const keyOf = (secret: string): JwtKey => ({ kid: createHash('sha256').update(secret).digest('base64url').slice(0, 12), secret });

export interface JwtKeyRing {
  /** The key new tokens are signed with. */
  signing(): JwtKey;
  /** The key a token's `kid` names (the signing key for tokens without one), or null. */
  verifying(kid: string | undefined): Promise<JwtKey | null>;
  stop(): void;
}

interface KeySet {
  current: JwtKey;
  accepted: Map<string, JwtKey>;
}

function keySet(current: string, previous: string | null | undefined): KeySet {
  const keys = [keyOf(current), ...(previous ? [keyOf(previous)] : [])];
  return { current: keys[0]!, accepted: new Map(keys.map((key) => [key.kid, key])) };
}

export interface JwtKeyRingOptions {
  db: Database;
  env: Readonly<Record<string, string | undefined>>;
  dataDir?: string | undefined;
  reloadMs?: number;
  minReloadGapMs?: number;
  onReloadError?: (error: unknown) => void;
}

export async function createJwtKeyRing({ db, env, dataDir, reloadMs = 60_000, minReloadGapMs = 500, onReloadError = () => {} }: JwtKeyRingOptions): Promise<JwtKeyRing> {
  const configured = env.JWT_SECRET?.trim();
  if (configured) {
    const keys = keySet(configured, env.JWT_PREVIOUS_SECRET?.trim());
    return { signing: () => keys.current, verifying: async (kid) => (kid === undefined ? keys.current : keys.accepted.get(kid) ?? null), stop() {} };
  }

  const load = async () => keySet(await sharedSecret(db, { name: JWT_SECRET_NAME, dataDir }), await readSharedSecret(db, JWT_PREVIOUS_SECRET_NAME));
  let keys = await load();
  let loadedAt = Date.now();
  let loading: Promise<void> | null = null;
  const reload = () =>
    (loading ??= load()
      .then((next) => {
        keys = next;
      }, onReloadError)
      .finally(() => {
        loadedAt = Date.now();
        loading = null;
      }));
  const timer = setInterval(() => void reload(), reloadMs);
  timer.unref();

  return {
    signing: () => keys.current,
    async verifying(kid) {
      if (kid === undefined) return keys.current;
      const known = keys.accepted.get(kid);
      if (known) return known;
      // Another instance may have rotated the key moments ago.
      if (Date.now() - loadedAt >= minReloadGapMs) await reload();
      return keys.accepted.get(kid) ?? null;
    },
    stop: () => clearInterval(timer),
  };
}
