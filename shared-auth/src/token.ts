// Reads the claims of a JWT without verifying it: the server verifies; the client only needs the
// user id, expiry and admin flag to shape the interface.
export interface TokenClaims {
  [claim: string]: unknown;
  exp?: number;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's claims, or null when it is missing or cannot be decoded. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** The admin flag is the claim `IsAdmin` carried as the text `True`. */
export function isAdminToken(token: string | null | undefined): boolean {
  return decodeToken(token)?.IsAdmin === 'True';
}
