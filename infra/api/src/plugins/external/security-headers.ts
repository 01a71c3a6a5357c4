/**
 * Security headers on every answer (nosniff, frame and referrer policies, HSTS…) via helmet.
 * - Cross-origin resource policy is `cross-origin`: remotes and images may be loaded by a shell on
 *   another origin in split deployments.
 * - No Content-Security-Policy yet: the shell inlines its run-time configuration and the public site
 *   injects the analytics script chosen in the CMS, so a policy needs nonces first.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export default fp(
  async (fastify) => {
    await fastify.register(helmet, {
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security-headers' },
);
