/**
 * `GET /api/health`: liveness plus a trivial query, so a dead database shows as unhealthy.
 * `GET /api/health/ready`: readiness for load balancers and orchestrators: the database answers and
 * carries every migration this build ships (a rolling deploy's new instance is not sent traffic
 * before that). While the server starts, server.ts answers 503 on this path itself.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, HealthResponseSchema, MESSAGES, OPERATIONS_MESSAGES, ReadinessResponseSchema } from '@deals/contract';

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

  fastify.get(
    '/health/ready',
    { config: { access: 'public' }, schema: { response: { 200: ReadinessResponseSchema, 503: ErrorResponseSchema } } },
    async (request, reply) => {
      let current: boolean;
      try {
        current = await fastify.databaseCurrent();
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database query failed');
        return reply.code(503).send({ message: OPERATIONS_MESSAGES.databaseUnreachable });
      }
      if (!current) return reply.code(503).send({ message: OPERATIONS_MESSAGES.migrationsPending });
      return { status: 'ok' as const };
    },
  );
};

export default health;
