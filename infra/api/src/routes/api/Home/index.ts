/** The public site's `Home` controller (spec §7 "Home/…"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  DealCardSchema,
  DealFilterSchema,
  ErrorResponseSchema,
  KeywordQuerySchema,
  SEARCH_LIMITS,
  SearchSuggestionSchema,
  SiteInfoSchema,
  type DealCard,
  type SearchSuggestion,
} from '@deals/contract';
import { sendCachedText, SITE_INFO_CACHE_CONTROL } from '../../../lib/http-cache.js';
import dealAvailability from './deal-availability.js';
import dynamicPages from './dynamic-pages.js';

/** The search answers are JSON text written by the database (see plugins/app/deal-search.ts). */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Fastify sends a string with a JSON content type as it is (no second serialization); the cast
 * only tells the type provider that this text has the response schema's shape, as the tests check.
 */
const preSerialized = <T>(json: string) => json as unknown as T;

const home: FastifyPluginAsyncTypebox = async (fastify) => {
  // The CMS pages' calls live in their own file (one folder, one autoloaded index).
  await fastify.register(dynamicPages);
  await fastify.register(dealAvailability);

  fastify.get(
    '/GetCMSInfo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Home'],
        description: `Everything the public site's frame needs, in one database round (cached per content version for at most a minute; ETag and If-None-Match answer 304): settings, active menu items with their active children, active pages and blogs, active stores, product categories and featured sections (each with up to ${SEARCH_LIMITS.featuredSectionDeals} live deals), footer items.`,
        response: { 200: SiteInfoSchema },
      },
    },
    // The JSON is sent as cached (a 304 for a current ETag, else compressed once per version).
    async (request, reply) => {
      await sendCachedText(request, reply as FastifyReply, await fastify.siteInfo.answer(), { type: JSON_TYPE, cacheControl: SITE_INFO_CACHE_CONTROL });
      return reply;
    },
  );

  fastify.post(
    '/SearchProduct',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Home'],
        description:
          'One page (100, from `skip`) of live deals: active, started, not expired, of an active store. Lists match any of their ids and combine with AND; ' +
          '`priceRange` on the current price: $ under 25, $$ 25 to under 100, $$$ 100 to under 500, $$$$ 500 and more. ' +
          '`searchTerm`: every word must appear in the name, keywords, store or product-category names (words of 2+ letters as prefixes), with a typo-tolerant fallback when nothing matches. ' +
          'Default order: newest first; with a search text, deals whose name holds every word first. Every order ends on the id, so pages are stable.',
        body: DealFilterSchema,
        response: { 200: Type.Array(DealCardSchema), 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.type(JSON_TYPE).send(preSerialized<DealCard[]>(await fastify.dealSearch.searchJson(request.body))),
  );

  fastify.get(
    '/SearchProductByKeyword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Home'],
        description: `At most 10 live deals for the header's search box (\`value\` = deal id, \`label\` = name, \`filePath\` = preview image), matched like SearchProduct's searchTerm; name matches first, then newest. Fewer than ${SEARCH_LIMITS.minKeywordLength} characters: [].`,
        querystring: KeywordQuerySchema,
        response: { 200: Type.Array(SearchSuggestionSchema), 400: ErrorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.type(JSON_TYPE).send(preSerialized<SearchSuggestion[]>(await fastify.dealSearch.suggestJson(request.query.keyword ?? ''))),
  );
};

export default home;
