/**
 * The signed links of subscription mails: `confirm` (expires) and `manage` (works as long as the
 * subscription exists; it also unsubscribes). A token names the subscription and its purpose and
 * carries an HMAC-SHA256 under the deployment's link key, so nothing needs storing and any
 * instance checks it; a deleted subscription's links answer nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'confirm' | 'manage';
const PREFIX: Record<LinkPurpose, string> = { confirm: 'c', manage: 'm' };

export interface LinkClaims {
  subscriptionId: number;
  /** Seconds since the epoch; 0 for links that do not expire. */
  expiresAt: number;
}

export function createLinkSigner(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32);
  return {
    sign(purpose: LinkPurpose, subscriptionId: number, expiresAt = 0): string {
      const payload = `${PREFIX[purpose]}${subscriptionId}.${expiresAt}`;
      return `${payload}.${mac(payload)}`;
    },
    /** The claims of a genuine token of this purpose (expiry not checked: callers word it), else null. */
    verify(token: string, purpose: LinkPurpose): LinkClaims | null {
      const match = /^([cm])(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token.trim());
      if (!match || match[1] !== PREFIX[purpose]) return null;
      const expected = Buffer.from(mac(`${match[1]}${match[2]}.${match[3]}`));
      const given = Buffer.from(match[4]!);
      if (!timingSafeEqual(expected, given)) return null;
      const subscriptionId = Number(match[2]);
      return subscriptionId > 0 && subscriptionId <= 2_147_483_647 ? { subscriptionId, expiresAt: Number(match[3]) } : null;
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;
