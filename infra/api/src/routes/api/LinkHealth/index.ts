/**
 * Link health and "Needs attention" for the back office: checking a deal's link now, the queue of
 * deals to look at with its actions, and the trust settings. Staff see and act on the deals they
 * added, admins on every deal; the settings are the admins'.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AttentionActionBodySchema,
  AttentionActionResultSchema,
  AttentionQueuePageSchema,
  AttentionQueueQuerySchema,
  CheckProductQuerySchema,
  DEAL_MESSAGES,
  LinkCheckSchema,
  MessageResponseSchema,
  TRUST_MESSAGES,
  TrustSettingsSchema,
} from '@deals/contract';
import { HttpError } from '../../../errors.js';
import type { StatsScope } from '../../../plugins/app/dashboard-stats.js';
import { idFrom, OWN_DEAL_RULE } from '../../../plugins/app/deal-ownership.js';
import { isAdmin, staffViewer } from '../../../plugins/app/viewer.js';
import type { FastifyRequest } from 'fastify';

export const OWN_QUEUE_RULE = 'own deals unless admin';

const scopeOf = (request: FastifyRequest): StatsScope => (isAdmin(request) ? { kind: 'all' } : { kind: 'own', userId: staffViewer(request).userId });

const linkHealth: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/CheckProduct',
    {
      config: { access: 'staff', rule: OWN_DEAL_RULE },
      preHandler: fastify.dealOwnerOrAdmin(idFrom('query', 'productId')),
      schema: {
        description:
          "Checks the deal's link now (a browser's user agent, up to 8 redirects, public addresses only unless FETCH_ALLOW_HOSTS names the host), keeps the result and answers it: " +
          'OK, DEAD (404/410, unknown host, unreachable, redirect loop, repeated 5xx or time-out), SOFT_DEAD (the page says the offer is gone), HOME_REDIRECT or TAG_LOST, with its evidence.',
        querystring: CheckProductQuerySchema,
        response: { 200: LinkCheckSchema },
      },
    },
    async (request) => {
      const check = await fastify.linkHealth.checkProduct(request.query.productId);
      if (!check) throw new HttpError(404, DEAL_MESSAGES.notFound);
      return check;
    },
  );

  fastify.get(
    '/GetAttentionQueue',
    {
      config: { access: 'staff', rule: OWN_QUEUE_RULE },
      schema: {
        description:
          'Needs attention: live deals with a failing link check, a success rate under the threshold (over the minimum of answers), visitor reports of the last 30 days or an expiry within 48 h, ' +
          'each with its reasons and evidence, most urgent first; dismissed deals come back when something new happens. Staff: their own deals; admins: all.',
        querystring: AttentionQueueQuerySchema,
        response: { 200: AttentionQueuePageSchema },
      },
    },
    async (request) => fastify.attentionQueue.page(scopeOf(request), request.query),
  );

  fastify.post(
    '/MarkVerified',
    {
      config: { access: 'staff', rule: OWN_QUEUE_RULE },
      schema: {
        description: 'Sets the public "Verified" date of the deals to now and takes them off Needs attention until something new happens. Deals of others (staff) or unknown ids are skipped.',
        body: AttentionActionBodySchema,
        response: { 200: AttentionActionResultSchema },
      },
    },
    async (request) => fastify.attentionQueue.markVerified(request, scopeOf(request), request.body.productIds),
  );

  fastify.post(
    '/Dismiss',
    {
      config: { access: 'staff', rule: OWN_QUEUE_RULE },
      schema: {
        description: 'Takes the deals off Needs attention until something new happens (a new report, another link status, a low success rate or an expiry they did not have). Deals of others (staff) or unknown ids are skipped.',
        body: AttentionActionBodySchema,
        response: { 200: AttentionActionResultSchema },
      },
    },
    async (request) => fastify.attentionQueue.dismiss(request, scopeOf(request), request.body.productIds),
  );

  fastify.get(
    '/GetSettings',
    {
      config: { access: 'staff' },
      schema: { description: 'The trust settings: minimum answers, low-success threshold, check period, automatic deactivation and soft-dead phrases.', response: { 200: TrustSettingsSchema } },
    },
    async () => fastify.trustSettings.get(),
  );

  fastify.put(
    '/UpdateSettings',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Saves the trust settings (admins). A new minimum of answers applies to every deal at once; a new check period from the next round planned.',
        body: TrustSettingsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.trustSettings.update(request, request.body);
      return { message: TRUST_MESSAGES.saved };
    },
  );
};

export default linkHealth;
