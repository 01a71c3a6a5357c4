/** `GET /api/health`: liveness plus a trivial query, so a dead database shows as unhealthy. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, HealthResponseSchema, MESSAGES } from '@deals/contract';

const health: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/health',
    { config: { access: 'public' }, schema: { response: { 200: HealthResponseSchema, 503: ErrorResponseSchema } } },
    async (request, reply) => {
      try {
        await fastify.databaseAlive();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database query failed');
        return reply.code(503).send({ message: MESSAGES.serviceUnavailable });
      }
      return { status: 'ok' as const };
    },
  );
};

export default health;
