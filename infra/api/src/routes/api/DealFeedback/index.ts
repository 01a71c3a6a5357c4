/**
 * Visitors' feedback on a deal: "Did this code work?" and one-click reports. Anonymous, rate limited
 * per IP across instances, one answer per visitor per deal per day (plugins/app/deal-feedback.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEAL_MESSAGES,
  DealFeedbackReportBodySchema,
  DealFeedbackVoteBodySchema,
  FEEDBACK_MESSAGES,
  FEEDBACK_RATE_LIMIT,
  MessageResponseSchema,
} from '@deals/contract';
import { HttpError } from '../../../errors.js';

const dealFeedback: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/Vote',
    {
      config: { access: 'public', rateLimit: { ...FEEDBACK_RATE_LIMIT } },
      schema: {
        description:
          '"Did this code work?" for a live deal (404 otherwise). One answer per visitor per deal per UTC day counts (later ones of that day are ignored); ' +
          'bots and prefetches get the same answer and are not counted.',
        body: DealFeedbackVoteBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      if (!(await fastify.dealFeedback.vote(request, request.body.productId, request.body.worked))) throw new HttpError(404, DEAL_MESSAGES.notFound);
      return { message: FEEDBACK_MESSAGES.voted };
    },
  );

  fastify.post(
    '/Report',
    {
      config: { access: 'public', rateLimit: { ...FEEDBACK_RATE_LIMIT } },
      schema: {
        description:
          'A visitor reports a problem with a live deal (404 otherwise): the code failed, the deal expired, the price is wrong or the link is broken. ' +
          'One report per visitor, deal, reason and UTC day counts; reports put the deal in Needs attention.',
        body: DealFeedbackReportBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      if (!(await fastify.dealFeedback.report(request, request.body.productId, request.body.reason))) throw new HttpError(404, DEAL_MESSAGES.notFound);
      return { message: FEEDBACK_MESSAGES.reported };
    },
  );
};

export default dealFeedback;
