/**
 * Who is calling, and whether they may call this route.
 *
 * Every API route declares its access level in its config (`config: { access: 'staff' }`); this
 * plugin refuses to register an /api route without one, reads the bearer token once per request
 * and enforces the level before the body is even parsed (so an anonymous 10 MB upload is refused
 * unread). Finer rules (deal owner, own user record) are per-route preHandlers; handlers never
 * re-derive who may do what.
 *
 * | access     | no token      | bad token | staff          | admin |
 * |------------|---------------|-----------|----------------|-------|
 * | `public`   | yes           | yes (ignored, anonymous) | yes | yes |
 * | `optional` | yes (anonymous: active records only) | 401 | yes | yes |
 * | `staff`    | 401           | 401       | yes            | yes   |
 * | `admin`    | 401           | 401       | 403            | yes   |
 *
 * A token is only good while its sign-in session lives: ending a session (sign-out elsewhere,
 * deactivation, password change) must lock out its unexpired access tokens at once, on every
 * instance. So each request with a token reads the session's row by primary key. No per-instance
 * cache: even a one-second "live" cache would let another instance serve a deactivated user for
 * that second, and the lookup is a single indexed read on a small table. Tokens without `sid`
 * (issued before sessions were recorded) count as bad: the client refreshes and gets one with it.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@deals/contract';
import { HttpError } from '../../errors.js';
import type { AccessClaims } from '../external/jwt.js';

export const ACCESS_LEVELS = ['public', 'optional', 'staff', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type Viewer = { kind: 'anonymous' } | { kind: 'staff'; userId: number; username: string; isAdmin: boolean; sessionId?: string };
export type StaffViewer = Extract<Viewer, { kind: 'staff' }>;

export const ANONYMOUS: Viewer = Object.freeze({ kind: 'anonymous' });

/** An API route as registered, for the authorization matrix (README and its test). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** Extra rule enforced by a preHandler, e.g. "own deal or admin". */
  rule?: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
    /** Set when a bearer token was sent but is missing, malformed, tampered with or expired. */
    badToken: boolean;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Human wording of a finer rule enforced by the route's preHandler (documented in the matrix). */
    rule?: string;
    /**
     * A write to the caller's own settings (which columns a table shows): it changes no public
     * content (no cache is retired) and no business record (the audit log's safety net skips it).
     */
    personal?: boolean;
  }
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
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

/** The signed-in staff member of a staff/admin route (the access hook guarantees one). */
export function staffViewer(request: Pick<FastifyRequest, 'viewer'>): StaffViewer {
  if (request.viewer.kind !== 'staff') throw new HttpError(401, MESSAGES.auth.required);
  return request.viewer;
}

export function isAdmin(request: Pick<FastifyRequest, 'viewer'>): boolean {
  return request.viewer.kind === 'staff' && request.viewer.isAdmin;
}

function viewerFromClaims(claims: AccessClaims): Viewer | null {
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId) || userId <= 0 || typeof claims.username !== 'string') return null;
  if (typeof claims.sid !== 'string' || !claims.sid) return null;
  return { kind: 'staff', userId, username: claims.username, isAdmin: claims.IsAdmin === 'True', sessionId: claims.sid };
}

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

export default fp(
  async (fastify) => {
    fastify.decorateRequest('viewer');
    fastify.decorateRequest('badToken', false);
    fastify.decorate('apiRoutes', [] as ApiRoute[]);

    fastify.addHook('onRoute', (route) => {
      if (!isApiUrl(route.url)) return;
      // The OpenAPI documentation is public by nature.
      if (route.url.startsWith('/api/docs')) {
        route.config = { ...route.config, access: 'public' };
        return;
      }
      const access = route.config?.access;
      if (!access || !ACCESS_LEVELS.includes(access)) {
        throw new Error(`API route ${String(route.method)} ${route.url} declares no access level (config.access)`);
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        fastify.apiRoutes.push({ method, url: route.url, access, rule: route.config?.rule });
      }
    });

    fastify.addHook('onRequest', async (request) => {
      request.viewer = ANONYMOUS;
      const header = request.headers.authorization;
      if (header !== undefined) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
        let viewer: Viewer | null = null;
        if (match?.[1]) {
          try {
            viewer = viewerFromClaims(await fastify.accessTokens.verify(match[1]));
          } catch {
            viewer = null;
          }
          if (viewer?.kind === 'staff' && !(await fastify.sessions.isLive(viewer.sessionId ?? '', viewer.userId))) viewer = null;
        }
        if (viewer) request.viewer = viewer;
        else request.badToken = true;
      }

      const access = request.routeOptions.config.access;
      if (!access || access === 'public') return;
      if (request.badToken) throw new HttpError(401, MESSAGES.auth.invalidToken);
      if (access === 'optional') return;
      if (request.viewer.kind !== 'staff') throw new HttpError(401, MESSAGES.auth.required);
      if (access === 'admin' && !request.viewer.isAdmin) throw new HttpError(403, MESSAGES.auth.forbidden);
    });
  },
  { name: 'viewer', dependencies: ['jwt', 'sessions'] },
);
