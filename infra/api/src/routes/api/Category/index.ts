/** Stores, which the API calls categories (spec §7 "Category/…"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { GetAllCategoriesQuerySchema, StoreSchema } from '../../../contract/index.js';
import { parseFlag, visibleIsActive } from '../../../plugins/app/viewer.js';

const category: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetAllCategories',
    { config: { access: 'optional' }, schema: { querystring: GetAllCategoriesQuerySchema, response: { 200: Type.Array(StoreSchema) } } },
    async (request) => {
      const isActive = visibleIsActive(request, parseFlag(request.query.isActive));
      return fastify.stores.list({ isActive });
    },
  );
};

export default category;
