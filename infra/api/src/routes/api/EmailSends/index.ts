/** The email console (admins): every send with its delivery counts, and the subscribers. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EMAIL_LIMITS, EmailSendsPageSchema, EmailSendsQuerySchema, EmailSubscriberCountsSchema, PlanDigestQuerySchema, PlanDigestResponseSchema } from '@deals/contract';

const emailSends: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetEmailSends',
    {
      config: { access: 'admin' },
      schema: {
        description:
          "Sends newest first: a deal's instant alert, a day's digest, a day's confirmations, password resets or invitations, each with its messages counted by state (queued, delivered, deferred, bounced, failed).",
        querystring: EmailSendsQuerySchema,
        response: { 200: EmailSendsPageSchema },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? EMAIL_LIMITS.sendsPageSize;
      return { ...(await fastify.mail.outbox.sends(page, pageSize)), page, pageSize };
    },
  );

  fastify.get(
    '/GetSubscriberCounts',
    {
      config: { access: 'admin' },
      schema: { description: 'Email alert subscriptions: confirmed (instant and daily) and waiting for confirmation.', response: { 200: EmailSubscriberCountsSchema } },
    },
    async () => fastify.mail.outbox.subscriberCounts(),
  );

  fastify.post(
    '/PlanDigest',
    {
      config: { access: 'admin' },
      schema: {
        description:
          "Plans a day's daily digest now rather than at the digest hour (e.g. after an outage). The deals are those that went live in the 24 hours before that day's digest hour; an address already planned for that day gets nothing more.",
        querystring: PlanDigestQuerySchema,
        response: { 200: PlanDigestResponseSchema },
      },
    },
    async (request) => {
      const messages = await fastify.mail.planDigest(request.query.day);
      fastify.mail.wake();
      return { message: `${messages} digest mail${messages === 1 ? '' : 's'} planned`, messages };
    },
  );
};

export default emailSends;
