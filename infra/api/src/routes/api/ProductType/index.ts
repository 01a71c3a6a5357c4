/** Product types, which the interface calls product categories (spec 2 §7 "ProductType/…"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CATALOG_MESSAGES,
  CreateProductTypeBodySchema,
  type CreateProductTypeBody,
  DeleteProductTypeQuerySchema,
  GetAllProductTypesQuerySchema,
  GetProductTypeByIdQuerySchema,
  MESSAGES,
  ProductTypeSchema,
  UpdateProductTypeBodySchema,
} from '@deals/contract';
import { isUpload } from '../../../plugins/app/images.js';
import { catalogListRoutes } from '../catalog-list-routes.js';

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
  catalogListRoutes(fastify, {
    repository: fastify.productTypes,
    item: ProductTypeSchema,
    list: {
      path: '/GetAllProductTypes',
      description: 'Product categories by sort order. An empty `isActive` lists all (staff); anonymous callers always get active ones only.',
      query: GetAllProductTypesQuerySchema,
    },
    get: { path: '/GetProductTypeById', description: 'One product category. Anonymous callers get 404 for an inactive one.', query: GetProductTypeByIdQuerySchema, id: 'productTypeId' },
    create: {
      path: '/CreateProductType',
      description: 'Multipart product category form. The image goes in the `logo` file field (`image` is accepted too) and is required.',
      body: CreateProductTypeBodySchema,
    },
    update: {
      path: '/UpdateProductTypes',
      description: 'Multipart product category form with `id`. Absent fields keep their value; a `logo` (or `image`) file replaces the image.',
      body: UpdateProductTypeBodySchema,
      access: 'admin',
    },
    sort: { path: '/SortProductTypes', description: 'The product categories with their new `sortOrder`, written in one transaction: an unknown id writes nothing (404).' },
    delete: {
      path: '/DeleteProductType',
      description:
        'Deletes a product category and releases its image file. One that deals still carry (active, inactive or expired) is refused with 409 saying how many; remove it from those deals or make it inactive instead.',
      query: DeleteProductTypeQuerySchema,
      id: 'productTypeId',
    },
    input: productTypeInput,
    file: { key: 'image', field: 'logo', required: MESSAGES.productCategory.imageRequired },
    messages: CATALOG_MESSAGES.productType,
  });
};

export default productType;
