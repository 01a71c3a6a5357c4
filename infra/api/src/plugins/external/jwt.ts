/**
 * Access tokens: HS256 JWTs of about 15 minutes. The secret comes from JWT_SECRET or is generated
 * once into DATA_DIR. Claims carry the user id, username and `IsAdmin` as the text True/False,
 * which is what the clients read.
 */
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import { persistentSecret } from '../../lib/data-dir.js';
import type { AppOptions } from '../../options.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  /** The user id, as text (the JWT convention). */
  sub: string;
  id: number;
  username: string;
  IsAdmin: 'True' | 'False';
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const secret = await persistentSecret(opts.dataDir, 'jwt-secret', (opts.env ?? process.env).JWT_SECRET);
    await fastify.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
      verify: { algorithms: ['HS256'] },
    });
  },
  { name: 'jwt' },
);
