/** Product types, which the interface calls product categories (spec 2 §7 "ProductType/…"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CATALOG_MESSAGES,
  CreatedResponseSchema,
  CreateProductTypeBodySchema,
  type CreateProductTypeBody,
  DeleteProductTypeQuerySchema,
  GetAllProductTypesQuerySchema,
  GetProductTypeByIdQuerySchema,
  MESSAGES,
  MessageResponseSchema,
  ProductTypeSchema,
  SortItemsSchema,
  UpdateProductTypeBodySchema,
} from '@deals/contract';
import { fieldError, HttpError } from '../../../errors.js';
import { isUpload } from '../../../plugins/app/images.js';
import { parseFlag, visibleIsActive } from '../../../plugins/app/viewer.js';

const FORM = ['multipart/form-data', 'application/json'];

/** The form's fields as the repository takes them: the trimmed name and the uploaded image, if any. */
function productTypeInput(body: CreateProductTypeBody) {
  return {
    name: body.name.trim(),
    isActive: body.isActive,
    notifyImmediately: body.notifyImmediately,
    sortOrder: body.sortOrder,
    image: [body.logo, body.image].find(isUpload),
  };
}

const productType: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetAllProductTypes',
    {
      config: { access: 'optional' },
      schema: {
        description: 'Product categories by sort order. An empty `isActive` lists all (staff); anonymous callers always get active ones only.',
        querystring: GetAllProductTypesQuerySchema,
        response: { 200: Type.Array(ProductTypeSchema) },
      },
    },
    async (request) => fastify.productTypes.list({ isActive: visibleIsActive(request, parseFlag(request.query.isActive)) }),
  );

  fastify.get(
    '/GetProductTypeById',
    {
      config: { access: 'optional' },
      schema: {
        description: 'One product category. Anonymous callers get 404 for an inactive one.',
        querystring: GetProductTypeByIdQuerySchema,
        response: { 200: ProductTypeSchema },
      },
    },
    async (request) => {
      const found = await fastify.productTypes.get(request.query.productTypeId, { activeOnly: request.viewer.kind === 'anonymous' });
      if (!found) throw new HttpError(404, CATALOG_MESSAGES.productType.notFound);
      return found;
    },
  );

  fastify.post(
    '/CreateProductType',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Multipart product category form. The image goes in the `logo` file field (`image` is accepted too) and is required.',
        consumes: FORM,
        body: CreateProductTypeBodySchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const input = productTypeInput(request.body);
      if (!input.image) throw fieldError('logo', MESSAGES.productCategory.imageRequired);
      const id = await fastify.productTypes.create({ ...input, image: input.image }, fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.productType.created, id };
    },
  );

  fastify.put(
    '/UpdateProductTypes',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Multipart product category form with `id`. Absent fields keep their value; a `logo` (or `image`) file replaces the image.',
        consumes: FORM,
        body: UpdateProductTypeBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.productTypes.update(request.body.id, productTypeInput(request.body), fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.productType.updated };
    },
  );

  fastify.put(
    '/SortProductTypes',
    {
      config: { access: 'admin' },
      schema: {
        description: 'The product categories with their new `sortOrder`, written in one transaction: an unknown id writes nothing (404).',
        body: SortItemsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.productTypes.sort(request.body, fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.productType.sorted };
    },
  );

  fastify.delete(
    '/DeleteProductType',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Deletes a product category and releases its image file. One that deals still carry (active, inactive or expired) is refused with 409 saying how many; remove it from those deals or make it inactive instead.',
        querystring: DeleteProductTypeQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.productTypes.delete(request.query.productTypeId, fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.productType.deleted };
    },
  );
};

export default productType;
