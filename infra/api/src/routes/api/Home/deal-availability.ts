/** `Home/GetDealAvailability`: a deal's name, store and whether it is live, for any deal that exists. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEAL_MESSAGES, DealAvailabilitySchema, ProductIdQuerySchema } from '@deals/contract';
import { HttpError } from '../../../errors.js';

const dealAvailability: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetDealAvailability',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Home'],
        description:
          'Any deal that exists, live or not (`live`: active, started and not expired), with its store: the visitor site answers a deal that is no longer live with 410 Gone. 404 when no deal has this id.',
        querystring: ProductIdQuerySchema,
        response: { 200: DealAvailabilitySchema },
      },
    },
    async (request) => {
      const { productId } = request.query;
      const found = await fastify.deals.availability(productId);
      if (!found) throw new HttpError(404, DEAL_MESSAGES.notFound);
      const { deal, live } = found;
      return { id: deal.id, name: deal.name, categoryId: deal.categoryId, category: deal.category, filePath: deal.filePath, live };
    },
  );
};

export default dealAvailability;
