/**
 * Visitors' feedback on a deal: "Did this code work?" and one-click reports. Anonymous, rate limited
 * per IP across instances (`FEEDBACK_RATE_LIMIT`, votes and reports together), one answer per
 * visitor per deal per day (plugins/app/deal-feedback.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  DEAL_MESSAGES,
  DealFeedbackReportBodySchema,
  DealFeedbackVoteBodySchema,
  FEEDBACK_MESSAGES,
  MESSAGES,
  MessageResponseSchema,
} from '@deals/contract';
import { HttpError } from '../../../errors.js';
import type { FeedbackOutcome } from '../../../plugins/app/deal-feedback.js';

/** 429 with Retry-After, as the other rate limits answer, or 404 for no live deal. */
function refuse(outcome: FeedbackOutcome, reply: FastifyReply): void {
  if (outcome.kind === 'limited') {
    reply.header('retry-after', String(Math.max(1, Math.ceil(outcome.retryAfterMs / 1000))));
    throw new HttpError(429, MESSAGES.rateLimited);
  }
  if (outcome.kind === 'not-found') throw new HttpError(404, DEAL_MESSAGES.notFound);
}

const dealFeedback: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/Vote',
    {
      config: { access: 'public' },
      schema: {
        description:
          '"Did this code work?" for a live deal (404 otherwise). One answer per visitor per deal per UTC day counts (later ones of that day are ignored); ' +
          'bots and prefetches get the same answer and are not counted.',
        body: DealFeedbackVoteBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      refuse(await fastify.dealFeedback.vote(request, request.body.productId, request.body.worked), reply);
      return { message: FEEDBACK_MESSAGES.voted };
    },
  );

  fastify.post(
    '/Report',
    {
      config: { access: 'public' },
      schema: {
        description:
          'A visitor reports a problem with a live deal (404 otherwise): the code failed, the deal expired, the price is wrong or the link is broken. ' +
          'One report per visitor, deal, reason and UTC day counts; reports put the deal in Needs attention.',
        body: DealFeedbackReportBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      refuse(await fastify.dealFeedback.report(request, request.body.productId, request.body.reason), reply);
      return { message: FEEDBACK_MESSAGES.reported };
    },
  );
};

export default dealFeedback;
