/** Stores, which the API calls categories (spec §7 "Category/…"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CATALOG_MESSAGES,
  CreatedResponseSchema,
  CreateStoreBodySchema,
  type CreateStoreBody,
  DeleteCategoryQuerySchema,
  GetAllCategoriesQuerySchema,
  GetCategoryByIdQuerySchema,
  MESSAGES,
  MessageResponseSchema,
  SortItemsSchema,
  StoreSchema,
  UpdateStoreBodySchema,
} from '@deals/contract';
import { fieldError, HttpError } from '../../../errors.js';
import { isUpload } from '../../../plugins/app/images.js';
import { parseFlag, visibleIsActive } from '../../../plugins/app/viewer.js';

const FORM = ['multipart/form-data', 'application/json'];

/** The form's fields as the repository takes them: the trimmed name and the uploaded logo, if any. */
function storeInput(body: CreateStoreBody) {
  return {
    name: body.name.trim(),
    isActive: body.isActive,
    notifyImmediately: body.notifyImmediately,
    sortOrder: body.sortOrder,
    logo: [body.logo, body.image].find(isUpload),
  };
}

const category: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetAllCategories',
    { config: { access: 'optional' }, schema: { querystring: GetAllCategoriesQuerySchema, response: { 200: Type.Array(StoreSchema) } } },
    async (request) => {
      const isActive = visibleIsActive(request, parseFlag(request.query.isActive));
      return fastify.stores.list({ isActive });
    },
  );

  fastify.get(
    '/GetCategoryById',
    {
      config: { access: 'optional' },
      schema: { description: 'One store. Anonymous callers get 404 for an inactive store.', querystring: GetCategoryByIdQuerySchema, response: { 200: StoreSchema } },
    },
    async (request) => {
      const store = await fastify.stores.get(request.query.categoryId, { activeOnly: request.viewer.kind === 'anonymous' });
      if (!store) throw new HttpError(404, CATALOG_MESSAGES.store.notFound);
      return store;
    },
  );

  fastify.post(
    '/CreateCategory',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Multipart store form. The logo goes in the `logo` file field (`image` is accepted too) and is required.',
        consumes: FORM,
        body: CreateStoreBodySchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const input = storeInput(request.body);
      if (!input.logo) throw fieldError('logo', MESSAGES.store.imageRequired);
      const id = await fastify.stores.create({ ...input, logo: input.logo }, fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.store.created, id };
    },
  );

  fastify.put(
    '/UpdateCategory',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Multipart store form with `id`. Absent fields keep their value; a `logo` (or `image`) file replaces the logo.',
        consumes: FORM,
        body: UpdateStoreBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.stores.update(request.body.id, storeInput(request.body), fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.store.updated };
    },
  );

  fastify.put(
    '/SortCategories',
    {
      config: { access: 'admin' },
      schema: {
        description: 'The stores with their new `sortOrder`, written in one transaction: an unknown id writes nothing (404).',
        body: SortItemsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.stores.sort(request.body, fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.store.sorted };
    },
  );

  fastify.delete(
    '/DeleteCategory',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Deletes a store and releases its logo file. A store that deals still belong to (active, inactive or expired) is refused with 409 saying how many; move them to another store or make the store inactive instead.',
        querystring: DeleteCategoryQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.stores.delete(request.query.categoryId, fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.store.deleted };
    },
  );
};

export default category;
