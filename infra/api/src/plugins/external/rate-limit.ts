/**
 * Rate limiting, opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in,
 * refresh, device registration and public sign-ups. In-process counters: one server process.
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../contract/index.js';

export default fp(
  async (fastify) => {
    await fastify.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: MESSAGES.rateLimited }),
    });
  },
  { name: 'rate-limit' },
);
