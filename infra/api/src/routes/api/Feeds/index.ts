/**
 * Deal feeds (beyond the spec): the networks' offer feeds read on a schedule, their run history,
 * and the review queue of the offers they bring. Feeds are the admins' (a feed fetches from the
 * server and writes many deals); any staff member may review offers, and owns the deals they accept.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AcceptFeedOfferBodySchema,
  CreatedResponseSchema,
  CreateFeedBodySchema,
  FEED_LIMITS,
  FEED_MESSAGES,
  FeedIdQuerySchema,
  FeedOfferIdsBodySchema,
  FeedOfferOutcomeSchema,
  FeedOffersPageSchema,
  FeedRunSchema,
  FeedRunsQuerySchema,
  FeedSchema,
  GetFeedOffersQuerySchema,
  MessageResponseSchema,
} from '@deals/contract';
import { HttpError } from '../../../errors.js';
import { fieldsOf } from '../../../feeds/feed-deals.js';
import { readDealForm } from '../../../plugins/app/deal-input.js';

const feedsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const found = async (id: number) => {
    const feed = await fastify.feeds.get(id);
    if (!feed) throw new HttpError(404, FEED_MESSAGES.notFound);
    return feed;
  };

  fastify.get(
    '/GetFeeds',
    {
      config: { access: 'admin' },
      schema: { description: 'Every feed with its settings (never the secret header\'s value), its last run, its next run and its offers waiting for review and live.', response: { 200: Type.Array(FeedSchema) } },
    },
    async () => fastify.feeds.list(),
  );

  fastify.get(
    '/GetFeedById',
    { config: { access: 'admin' }, schema: { description: 'One feed, as `GetFeeds` answers it.', querystring: FeedIdQuerySchema, response: { 200: FeedSchema } } },
    async (request) => found(request.query.id),
  );

  fastify.post(
    '/CreateFeed',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Adds a feed: `name`, `url` (http or https, answering CSV or JSON: an array, JSON lines, or an object holding the offers in data/offers/promotions/vouchers/items/results; further pages by `Link: rel="next"` or a JSON `next`), ' +
          '`format` CSV or JSON, `mode` REVIEW (new offers wait in the review queue) or LIVE (new offers go on the site at once, without new-deal alerts), `everyHours` (1–168). ' +
          'Optional: `listsAllOffers` (default true: an offer missing from a complete run has ended), `secretHeaderName`/`secretHeaderValue` (sent with every request; the value is stored encrypted and never answered), ' +
          '`columns` (column key → the feed\'s header; otherwise the CSV import\'s headers and aliases, plus Offer ID and Advertiser ID), `defaults` (column key → value for offers without one), `advertisers` (advertiser id or name → store id). ' +
          'The first scheduled run is `everyHours` from now; `RunFeed` runs it at once.',
        body: CreateFeedBodySchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => ({ message: FEED_MESSAGES.created, id: await fastify.feeds.create(request.body, request) }),
  );

  fastify.put(
    '/UpdateFeed',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Rewrites a feed\'s settings (`id` and every field as `CreateFeed`). `secretHeaderValue` absent or null keeps the stored value, empty removes it. A new period counts from the last run.',
        body: Type.Composite([FeedIdQuerySchema, CreateFeedBodySchema]),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { id, ...body } = request.body;
      if (!(await fastify.feeds.update(id, body, request))) throw new HttpError(404, FEED_MESSAGES.notFound);
      return { message: FEED_MESSAGES.updated };
    },
  );

  fastify.delete(
    '/DeleteFeed',
    {
      config: { access: 'admin' },
      schema: { description: 'Deletes a feed with its runs and offers; the deals it created or linked stay as they are.', querystring: FeedIdQuerySchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      if (!(await fastify.feeds.remove(request.query.id, request))) throw new HttpError(404, FEED_MESSAGES.notFound);
      return { message: FEED_MESSAGES.deleted };
    },
  );

  fastify.post(
    '/RunFeed',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Runs the feed now, through the job queue (one run of a feed at a time, on any instance): answers 202 with the run\'s `id` at once; `GetFeedRuns` shows its progress. 409 while it is running.',
        querystring: FeedIdQuerySchema,
        response: { 202: CreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const feed = await found(request.query.id);
      if (!feed.isActive) throw new HttpError(409, FEED_MESSAGES.inactive);
      const runId = await fastify.feeds.runNow(feed.id);
      if (runId === null) throw new HttpError(409, FEED_MESSAGES.running);
      return reply.code(202).send({ message: FEED_MESSAGES.started, id: runId });
    },
  );

  fastify.get(
    '/GetFeedRuns',
    {
      config: { access: 'admin' },
      schema: {
        description: `A feed's runs, newest first (the last ${FEED_LIMITS.historyRuns} are kept): trigger, status, duration, counts, the rows it rejected with the reason, unknown stores and the error of a failed run.`,
        querystring: FeedRunsQuerySchema,
        response: { 200: Type.Array(FeedRunSchema) },
      },
    },
    async (request) => {
      await found(request.query.id);
      return fastify.feeds.runs(request.query.id, request.query.limit ?? 20);
    },
  );

  fastify.get(
    '/GetOffers',
    {
      config: { access: 'staff' },
      schema: {
        description:
          'The review queue: feed offers by `status` (PENDING by default; LIVE, REJECTED, EXPIRED), of one feed or all, matching `search` (name, code, store, offer id), paged and sorted (newest first by default). ' +
          'A pending offer that duplicates a live deal (same store and promo code, or the same link) names it in `duplicateOfId`.',
        querystring: GetFeedOffersQuerySchema,
        response: { 200: FeedOffersPageSchema },
      },
    },
    async (request) => fastify.feeds.offers(request.query),
  );

  fastify.post(
    '/AcceptOffers',
    {
      config: { access: 'staff' },
      schema: {
        description:
          `Accepts pending offers (1–${FEED_LIMITS.bulkMax}): each becomes a deal added by the caller and is announced as any new deal is (now, or when it starts), ` +
          'or links to the live deal it duplicates. Offers no longer pending are skipped with the reason.',
        body: FeedOfferIdsBodySchema,
        response: { 200: FeedOfferOutcomeSchema },
      },
    },
    async (request) => fastify.feeds.accept(request.body.ids, request),
  );

  fastify.post(
    '/AcceptOffer',
    {
      config: { access: 'staff' },
      schema: {
        description: 'Edit then accept: the offer `id` with the deal form\'s fields (as `Product/CreateProduct`, without the image: the offer\'s is kept), checked by the form\'s rules and messages.',
        body: AcceptFeedOfferBodySchema,
        response: { 200: FeedOfferOutcomeSchema },
      },
    },
    async (request) => {
      const { id, ...form } = request.body;
      const { values, productTypeIds } = await readDealForm(fastify, form);
      const outcome = await fastify.feeds.accept([id], request, fieldsOf(values, productTypeIds));
      const skipped = outcome.skipped[0];
      if (skipped) throw new HttpError(skipped.message === FEED_MESSAGES.offerNotFound ? 404 : 409, skipped.message);
      return outcome;
    },
  );

  fastify.post(
    '/RejectOffers',
    {
      config: { access: 'staff' },
      schema: {
        description: `Rejects pending offers (1–${FEED_LIMITS.bulkMax}): they leave the queue and come back only when the feed changes them.`,
        body: FeedOfferIdsBodySchema,
        response: { 200: FeedOfferOutcomeSchema },
      },
    },
    async (request) => fastify.feeds.reject(request.body.ids, request),
  );
};

export default feedsRoutes;
