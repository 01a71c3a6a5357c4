/** OpenAPI 3 generated from the route schemas, browsable at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { securityOf, standardDocument } from './openapi-document.js';

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
        // Relative: the API answers on the same origin that serves this document (one process
        // serves the API, the documentation and the frontends), whatever host and port a
        // deployment uses, so "Try it out" and generated clients call the server they read it from.
        servers: [{ url: '/', description: 'The server this document is served from' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      // Name the access level of every operation in its description, and declare its security:
      // none for public calls, the bearer token (or nothing) for optional ones, the token otherwise.
      transform: ({ schema, url, route }) => {
        const access = route.config?.access;
        const rule = route.config?.rule;
        const note = access ? `Access: **${access}**${rule ? ` — ${rule}` : ''}.` : undefined;
        const description = note && schema?.description ? `${schema.description}\n\n${note}` : (note ?? schema?.description);
        return { schema: { ...schema, ...(description ? { description } : {}), security: securityOf(access) }, url };
      },
      // Standard OpenAPI: non-standard schema keywords as extensions, a summary and an operationId
      // on every operation. The route schemas themselves are left as Ajv validates them.
      transformObject: (documentObject) => ('openapiObject' in documentObject ? standardDocument(documentObject.openapiObject) : documentObject.swaggerObject),
    });
    await fastify.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
