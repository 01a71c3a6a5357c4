/** OpenAPI 3 generated from the route schemas, browsable at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

export default fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Deals and promo codes API',
          description:
            'Every call of the public site and the back office. Errors answer `{ message }` (validation: plus `errors: { field: message }`). ' +
            'Protected calls take `Authorization: Bearer <token>` from `Users/Authenticate`; each operation names its access level.',
          version: '1.0.0',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      // Name the access level of every operation in its description, and mark protected ones.
      transform: ({ schema, url, route }) => {
        const access = route.config?.access;
        const rule = route.config?.rule;
        if (!schema || !access) return { schema, url };
        const note = `Access: **${access}**${rule ? ` — ${rule}` : ''}.`;
        const transformed = { ...schema, description: schema.description ? `${schema.description}\n\n${note}` : note } as typeof schema & { security?: unknown };
        if (access !== 'public') transformed.security = [{ bearer: [] }];
        return { schema: transformed, url };
      },
    });
    await fastify.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
