/**
 * Shareable preview links: a token naming a record's draft and an expiry, signed with a
 * deployment secret (HMAC-SHA256), so a link made on one instance opens on every other and
 * needs no sign-in. The link shows the draft as it is when opened, until it expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client.js';
import { sharedSecret } from './shared-secrets.js';

export const PREVIEW_SECRET_NAME = 'preview-link-key';

export interface PreviewClaims {
  recordType: 'page' | 'blog';
  recordId: number;
  /** Expiry, seconds since the epoch. */
  expires: number;
}

const encode = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export function createPreviewTokens(db: Database, dataDir?: string) {
  let key: Promise<string> | null = null;
  const secret = () => (key ??= sharedSecret(db, { name: PREVIEW_SECRET_NAME, dataDir }).catch((error: unknown) => {
    key = null;
    throw error;
  }));
  const sign = async (payload: string) => createHmac('sha256', await secret()).update(payload).digest();

  return {
    async issue(claims: PreviewClaims): Promise<string> {
      const payload = encode(JSON.stringify([claims.recordType, claims.recordId, claims.expires]));
      return `${payload}.${encode(await sign(payload))}`;
    },

    /** The claims of a well-signed, unexpired token; null otherwise. */
    async verify(token: string, now = Date.now()): Promise<PreviewClaims | null> {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = await sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const [recordType, recordId, expires] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
        if ((recordType !== 'page' && recordType !== 'blog') || !Number.isInteger(recordId) || typeof expires !== 'number') return null;
        if (expires * 1000 <= now) return null;
        return { recordType, recordId: recordId as number, expires };
      } catch {
        return null;
      }
    },
  };
}

export type PreviewTokens = ReturnType<typeof createPreviewTokens>;
