/** TOTP codes as an authenticator app would show them, for the two-factor tests. */
import { Secret, TOTP } from 'otpauth';

/** The code of the step `offset` steps from now (each step is accepted once, so tests walk -1, 0, +1). */
export function codeAt(secret: string, offset = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 });
}
