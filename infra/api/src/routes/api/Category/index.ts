/** Stores, which the API calls categories (spec §7 "Category/…"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AFFILIATE_MESSAGES,
  affiliateTemplateProblem,
  CATALOG_MESSAGES,
  CreateStoreBodySchema,
  type CreateStoreBody,
  DeleteCategoryQuerySchema,
  GetAllCategoriesQuerySchema,
  GetCategoryByIdQuerySchema,
  MESSAGES,
  StoreSchema,
  UpdateStoreBodySchema,
} from '@deals/contract';
import { fieldError } from '../../../errors.js';
import { isUpload } from '../../../plugins/app/images.js';
import { catalogListRoutes } from '../catalog-list-routes.js';

/**
 * The affiliate settings of a store form, checked. A named network comes with its template in the
 * same request; NONE (or an empty template sent alone) removes the tracking; a template sent
 * without a network keeps the stored network (CUSTOM on create). Absent fields stay unchanged.
 */
function affiliateInput(body: CreateStoreBody & { id?: number }) {
  const sent = body.affiliateLinkTemplate !== undefined;
  const template = body.affiliateLinkTemplate?.trim() || null;
  const network = body.affiliateNetwork;
  if (network === 'NONE' || (sent && template === null && network === undefined)) return { affiliateNetwork: 'NONE' as const, affiliateLinkTemplate: null };
  if (network !== undefined && template === null) throw fieldError('affiliateLinkTemplate', AFFILIATE_MESSAGES.templateRequired);
  if (template !== null) {
    const problem = affiliateTemplateProblem(template);
    if (problem) throw fieldError('affiliateLinkTemplate', problem);
  }
  const creating = body.id === undefined;
  return { affiliateNetwork: network ?? (creating && template !== null ? ('CUSTOM' as const) : undefined), affiliateLinkTemplate: sent ? template : undefined };
}

/** The form's fields as the repository takes them: the trimmed name, the affiliate settings and the uploaded logo, if any. */
function storeInput(body: CreateStoreBody) {
  return {
    name: body.name.trim(),
    isActive: body.isActive,
    notifyImmediately: body.notifyImmediately,
    sortOrder: body.sortOrder,
    ...affiliateInput(body),
    logo: [body.logo, body.image].find(isUpload),
  };
}

const category: FastifyPluginAsyncTypebox = async (fastify) => {
  catalogListRoutes(fastify, {
    repository: fastify.stores,
    item: StoreSchema,
    list: { path: '/GetAllCategories', query: GetAllCategoriesQuerySchema },
    get: { path: '/GetCategoryById', description: 'One store. Anonymous callers get 404 for an inactive store.', query: GetCategoryByIdQuerySchema, id: 'categoryId' },
    create: { path: '/CreateCategory', description: 'Multipart store form. The logo goes in the `logo` file field (`image` is accepted too) and is required.', body: CreateStoreBodySchema },
    update: {
      path: '/UpdateCategory',
      description: 'Multipart store form with `id`. Absent fields keep their value; a `logo` (or `image`) file replaces the logo.',
      body: UpdateStoreBodySchema,
      access: 'admin',
    },
    sort: { path: '/SortCategories', description: 'The stores with their new `sortOrder`, written in one transaction: an unknown id writes nothing (404).' },
    delete: {
      path: '/DeleteCategory',
      description:
        'Deletes a store and releases its logo file. A store that deals still belong to (active, inactive or expired) is refused with 409 saying how many; move them to another store or make the store inactive instead.',
      query: DeleteCategoryQuerySchema,
      id: 'categoryId',
    },
    input: storeInput,
    file: { key: 'logo', field: 'logo', required: MESSAGES.store.imageRequired },
    messages: CATALOG_MESSAGES.store,
  });
};

export default category;
