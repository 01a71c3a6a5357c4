/**
 * Email-blast sign-ups from the public site's popup and /email-blast-signup page, and their list
 * for admins. The public call is rate limited per IP so it cannot be used to flood the table.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  EMAIL_BLAST_MESSAGES,
  EMAIL_SUBSCRIBE_RATE_LIMIT,
  EmailSubscribeBodySchema,
  EmailSubscriberSchema,
  MessageResponseSchema,
} from '@deals/contract';

const emailBlast: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/Subscribe',
    {
      config: { access: 'public', rateLimit: { ...EMAIL_SUBSCRIBE_RATE_LIMIT } },
      schema: { body: EmailSubscribeBodySchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await fastify.emailSubscribers.subscribe(request.body.email.trim());
      // The same answer whether the address was new or known: no way to probe the list.
      return { message: EMAIL_BLAST_MESSAGES.subscribed };
    },
  );

  fastify.get(
    '/GetSubscribers',
    { config: { access: 'admin' }, schema: { response: { 200: Type.Array(EmailSubscriberSchema) } } },
    async () => fastify.emailSubscribers.list(),
  );
};

export default emailBlast;
