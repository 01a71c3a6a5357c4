/**
 * Keyword deal alerts: a browser with deal alerts on follows words and stores.
 * Anonymous like Devices/Register: the browser is named by its subscription endpoint, sent in the
 * body (never the URL, which access logs keep), and sees only that endpoint's follows. Writes are
 * rate limited per IP as device registrations are.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEAL_FOLLOW_MESSAGES,
  DEAL_FOLLOW_RATE_LIMIT,
  DEAL_FOLLOW_READ_RATE_LIMIT,
  DealFollowBodySchema,
  DealFollowChangeResponseSchema,
  DealFollowsBodySchema,
  DealFollowsResponseSchema,
  ErrorResponseSchema,
  LIMITS,
  type DealFollow,
} from '@deals/contract';
import { HttpError } from '../../../errors.js';
import { followTarget } from '../../../plugins/app/deal-follows.js';

/** The answer for a token no browser registered: the same whatever the token, so nothing else leaks. */
const unknownDevice = () => new HttpError(404, DEAL_FOLLOW_MESSAGES.deviceUnknown);

const known = (follows: DealFollow[] | null): DealFollow[] => {
  if (follows === null) throw unknownDevice();
  return follows;
};

const dealAlerts: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/GetFollows',
    {
      config: { access: 'public', rateLimit: { ...DEAL_FOLLOW_READ_RATE_LIMIT } },
      schema: {
        description: 'The words and stores the browser registered with `token` (its push subscription endpoint) follows. 404 when no browser registered that token.',
        body: DealFollowsBodySchema,
        response: { 200: DealFollowsResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ follows: known(await fastify.dealFollows.list(request.body.token)), max: LIMITS.dealFollow.perDevice }),
  );

  fastify.post(
    '/Follow',
    {
      config: { access: 'public', rateLimit: { ...DEAL_FOLLOW_RATE_LIMIT } },
      schema: {
        description:
          'Follows a `word` (normalised: lower case, punctuation as spaces, 2–40 characters) or a `storeId` for the browser registered with `token`; a new live deal whose name contains the word (whole words) or in the store is pushed to it. Following again changes nothing. Answers the follows afterwards.',
        body: DealFollowBodySchema,
        response: { 200: DealFollowChangeResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const target = followTarget(request.body);
      if (target instanceof HttpError) throw target;
      const follows = known(await fastify.dealFollows.follow(request.body.token, target));
      return { message: DEAL_FOLLOW_MESSAGES.followed, follows, max: LIMITS.dealFollow.perDevice };
    },
  );

  fastify.post(
    '/Unfollow',
    {
      config: { access: 'public', rateLimit: { ...DEAL_FOLLOW_RATE_LIMIT } },
      schema: {
        description: 'Stops following a `word` or a `storeId` for the browser registered with `token`; not following it gets the same answer. Answers the follows afterwards.',
        body: DealFollowBodySchema,
        response: { 200: DealFollowChangeResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const target = followTarget(request.body);
      if (target instanceof HttpError) throw target;
      const follows = known(await fastify.dealFollows.unfollow(request.body.token, target));
      return { message: DEAL_FOLLOW_MESSAGES.unfollowed, follows, max: LIMITS.dealFollow.perDevice };
    },
  );
};

export default dealAlerts;
