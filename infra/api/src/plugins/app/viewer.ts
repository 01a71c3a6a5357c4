/**
 * Who is calling. Every request starts anonymous; the authentication plugin (later work) replaces
 * the viewer from a valid bearer token. Routes ask `visibleIsActive` instead of reading tokens,
 * so the anonymous rules live in one place.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export type Viewer = { kind: 'anonymous' } | { kind: 'staff'; userId: number; username: string; isAdmin: boolean };

export const ANONYMOUS: Viewer = Object.freeze({ kind: 'anonymous' });

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

/** Parses an `isActive={flag}` query value: empty or absent means "no filter". */
export function parseFlag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return value.toLowerCase() === 'true';
}

/**
 * The `isActive` filter a list query must apply: anonymous callers only ever see active records,
 * whatever they ask for; staff get what they asked (undefined = all).
 */
export function visibleIsActive(request: Pick<FastifyRequest, 'viewer'>, requested: boolean | undefined): boolean | undefined {
  return request.viewer.kind === 'anonymous' ? true : requested;
}

export default fp(
  async (fastify) => {
    // Declared empty (Fastify forbids shared object defaults) and filled per request.
    fastify.decorateRequest('viewer');
    fastify.addHook('onRequest', async (request) => {
      request.viewer = ANONYMOUS;
    });
  },
  { name: 'viewer' },
);
