/**
 * Featured sections and their deals (spec 2 §7 "FeaturedSection/…").
 *
 * Access follows spec 2 §6: creating, sorting and removing sections is for admins; any staff
 * member may open a section, save its details and add or remove its deals (the screen lets them).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssociateProductsBodySchema,
  AssociateProductsResponseSchema,
  CATALOG_MESSAGES,
  CreateFeaturedSectionBodySchema,
  type CreateFeaturedSectionBody,
  FeaturedSectionDetailSchema,
  FeaturedSectionIdQuerySchema,
  type FeaturedSectionProduct,
  FeaturedSectionProductSchema,
  GetFeaturedSectionProductsQuerySchema,
  GetFeaturedSectionQuerySchema,
  TablePageSchema,
  type TablePage,
  FeaturedSectionSchema,
  GetAllFeaturedSectionsQuerySchema,
  MESSAGES,
  MessageResponseSchema,
  RemoveProductFromFeaturedSectionQuerySchema,
  UpdateFeaturedSectionBodySchema,
} from '@deals/contract';
import { HttpError } from '../../../errors.js';
import { isUpload } from '../../../plugins/app/images.js';
import { catalogListRoutes } from '../catalog-list-routes.js';

const FORM = ['multipart/form-data', 'application/json'];

/** The form's fields as the repository takes them: the trimmed name and the uploaded image, if any. */
function sectionInput(body: CreateFeaturedSectionBody) {
  return { name: body.name.trim(), isActive: body.isActive, sortOrder: body.sortOrder, image: isUpload(body.image) ? body.image : undefined };
}

const featuredSection: FastifyPluginAsyncTypebox = async (fastify) => {
  catalogListRoutes(fastify, {
    repository: fastify.featuredSections,
    item: FeaturedSectionSchema,
    list: {
      path: '/GetAllFeaturedSections',
      description: 'Featured sections by sort order. An empty `isActive` lists all (staff); anonymous callers always get active ones only.',
      query: GetAllFeaturedSectionsQuerySchema,
    },
    create: { path: '/CreateFeaturedSection', description: 'Multipart form: name, isActive, sortOrder and the required `image` file.', body: CreateFeaturedSectionBodySchema },
    // Any staff member may save a section's details: spec 2 §6 hides only New, Sort and Remove from non-admins.
    update: {
      path: '/UpdateFeaturedSection',
      description: 'Multipart form with `id`. Absent fields keep their value; an `image` file replaces the image.',
      body: UpdateFeaturedSectionBodySchema,
      access: 'staff',
    },
    sort: { path: '/SortFeaturedSections', description: 'The sections with their new `sortOrder`, written in one transaction: an unknown id writes nothing (404).' },
    delete: {
      path: '/DeleteFeaturedSection',
      description: 'Deletes the section and its deal links (the deals stay); its image file is removed once nothing refers to it.',
      query: FeaturedSectionIdQuerySchema,
      id: 'id',
    },
    input: sectionInput,
    file: { key: 'image', field: 'image', required: MESSAGES.featuredSection.imageRequired },
    messages: CATALOG_MESSAGES.featuredSection,
  });

  fastify.get(
    '/GetFeaturedSection',
    {
      config: { access: 'optional' },
      schema: {
        description:
          'A section with its deals in their order. Anonymous callers get 404 for an inactive section and see only its active deals. `withProducts=false` answers `products: []` (the back office pages them with `GetFeaturedSectionProducts`).',
        querystring: GetFeaturedSectionQuerySchema,
        response: { 200: FeaturedSectionDetailSchema },
      },
    },
    async (request) => {
      const section = await fastify.featuredSections.get(request.query.id, { activeOnly: request.viewer.kind === 'anonymous', withProducts: request.query.withProducts !== false });
      if (!section) throw new HttpError(404, CATALOG_MESSAGES.featuredSection.notFound);
      return section;
    },
  );

  fastify.get(
    '/GetFeaturedSectionProducts',
    {
      config: { access: 'staff' },
      schema: {
        description:
          "One page of a section's deals (any state) and their total: in the section's order (`sortBy=position`, default) or by name, store or promo code, filtered by `name` (contains, any case). 404 for a section that does not exist.",
        querystring: GetFeaturedSectionProductsQuerySchema,
        response: { 200: TablePageSchema(FeaturedSectionProductSchema) },
      },
    },
    async (request, reply) => {
      if (!(await fastify.featuredSections.get(request.query.featuredSectionId, { activeOnly: false, withProducts: false }))) {
        throw new HttpError(404, CATALOG_MESSAGES.featuredSection.notFound);
      }
      const json = await fastify.adminTables.pageJson('sectionDeals', request.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as TablePage<FeaturedSectionProduct>);
    },
  );

  fastify.post(
    '/associateProductsToFeaturedSection',
    {
      config: { access: 'staff' },
      schema: {
        description:
          'Adds deals after the section\'s last one, in the order given. Deals already in the section are skipped; an unknown deal refuses the whole call (400). Answers the ids newly added.',
        consumes: FORM,
        body: AssociateProductsBodySchema,
        response: { 200: AssociateProductsResponseSchema },
      },
    },
    async (request) => {
      const added = await fastify.featuredSections.addProducts(request.body.featuredSectionId, request.body.productIds, fastify.audit.trail(request));
      const message = added.length === 0 ? CATALOG_MESSAGES.featuredSection.productsAlreadyAdded : CATALOG_MESSAGES.featuredSection.productsAdded(added.length);
      return { message, addedProductIds: added };
    },
  );

  fastify.delete(
    '/RemoveProductsFromFeaturedSection',
    {
      config: { access: 'staff' },
      schema: {
        description: 'Removes one deal from the section (the deal itself stays).',
        querystring: RemoveProductFromFeaturedSectionQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.featuredSections.removeProduct(request.query.featuredSectionId, request.query.productId, fastify.audit.trail(request));
      return { message: CATALOG_MESSAGES.featuredSection.productRemoved };
    },
  );
};

export default featuredSection;
