/**
 * Security headers on every answer (nosniff, frame and referrer policies, HSTS…) via helmet.
 * - Cross-origin resource policy is `cross-origin`: remotes and images may be loaded by a shell on
 *   another origin in split deployments.
 * - Content-Security-Policy (lib/csp.ts): app pages get theirs where they are sent, since only
 *   frontends.ts knows their inline scripts and stamps each answer's nonce into them (hashes beside
 *   the nonce keep cached and revalidated copies working); here any other HTML gets a self-only
 *   policy and API answers a deny-all one. Static files get none: a policy on a script file means nothing, except on the
 *   service worker, where it would restrict the worker itself.
 */
import helmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../../errors.js';
import { API_POLICY, cspSettings, otherHtmlPolicy, type CspSettings } from '../../lib/csp.js';
import type { AppOptions } from '../../options.js';

declare module 'fastify' {
  interface FastifyInstance {
    contentSecurity: CspSettings & {
      /** Sets the policy of a page (the header helmet would set, were it told the page's scripts). */
      apply(reply: FastifyReply, policy: string): FastifyReply;
    };
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    await fastify.register(helmet, {
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    const settings = cspSettings(opts.env ?? process.env);
    const apply = (reply: FastifyReply, policy: string) => reply.header('content-security-policy', policy);
    fastify.decorate('contentSecurity', { ...settings, apply });
    const htmlPolicy = otherHtmlPolicy(settings);

    fastify.addHook('onSend', async (request, reply, payload) => {
      if (reply.hasHeader('content-security-policy')) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html')) apply(reply, htmlPolicy);
      else if (isApiPath(request.url.split('?', 1)[0] ?? '/') || type.includes('json')) reply.header('content-security-policy', API_POLICY);
      return payload;
    });
  },
  { name: 'security-headers' },
);
