/**
 * Access tokens (`fastify.accessTokens`): HS256 JWTs of about 15 minutes, signed with the
 * deployment's shared key (see lib/jwt-keys.ts), so any instance accepts a token another issued.
 * Claims carry the user id, username and `IsAdmin` as the text True/False, which is what the
 * clients read, and `sid`, the sign-in session the token belongs to (see plugins/app/sessions.ts).
 */
import { createDecoder, createSigner, createVerifier } from 'fast-jwt';
import fp from 'fastify-plugin';
import { createJwtKeyRing, type JwtKey } from '../../lib/jwt-keys.js';
import type { AppOptions } from '../../options.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  /** The user id, as text (the JWT convention). */
  sub: string;
  id: number;
  username: string;
  IsAdmin: 'True' | 'False';
  /** The session (refresh-token family) id; tokens issued before sessions were recorded lack it. */
  sid?: string;
}

export interface AccessTokens {
  /** `expiresInSeconds` and a back-dated `iat` are for tests of expired tokens. */
  sign(claims: AccessClaims & { iat?: number }, expiresInSeconds?: number): string;
  /** The claims of a valid token; throws for an invalid, expired or unknown-key one. */
  verify<T extends AccessClaims = AccessClaims>(token: string): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
}

const decodeHeader = createDecoder({ complete: true });

/** One signer and one verifier per key, made on first use (a rotation adds one). */
function perKey<T>(make: (key: JwtKey) => T): (key: JwtKey) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key.kid);
    if (!value) made.set(key.kid, (value = make(key)));
    return value;
  };
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const ring = await createJwtKeyRing({
      db: fastify.db,
      env: opts.env ?? process.env,
      dataDir: opts.dataDir,
      onReloadError: (error) => fastify.log.warn({ err: error }, 'could not re-read the JWT keys'),
    });
    fastify.addHook('onClose', async () => ring.stop());
    const signerOf = perKey((key) => createSigner({ key: key.secret, kid: key.kid, algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS * 1000 }));
    const verifierOf = perKey((key) => createVerifier({ key: key.secret, algorithms: ['HS256'] }));

    fastify.decorate<AccessTokens>('accessTokens', {
      sign(claims, expiresInSeconds) {
        const key = ring.signing();
        if (expiresInSeconds === undefined) return signerOf(key)(claims);
        return createSigner({ key: key.secret, kid: key.kid, algorithm: 'HS256', expiresIn: expiresInSeconds * 1000 })(claims);
      },
      async verify<T extends AccessClaims>(token: string) {
        const { header } = decodeHeader(token) as { header: { kid?: unknown } };
        const key = await ring.verifying(typeof header.kid === 'string' ? header.kid : undefined);
        if (!key) throw new Error('the token names a key this deployment does not have');
        return verifierOf(key)(token) as T;
      },
    });
  },
  { name: 'jwt', dependencies: ['database'] },
);
