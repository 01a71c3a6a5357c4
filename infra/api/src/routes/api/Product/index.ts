/**
 * Deals, which the API calls products (spec §7 "Product/…"). Any staff member may read the admin
 * lists and create deals; changing or deleting one is for the staff member who added it or an
 * admin (`fastify.dealOwnerOrAdmin`). The public deal detail is `optional`: anonymous callers see
 * live deals only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  BulkUpdateProductsBodySchema,
  BulkUpdateProductsResponseSchema,
  CreatedResponseSchema,
  CreateProductBodySchema,
  DashboardQuerySchema,
  DEAL_BULK_MESSAGES,
  DEAL_MESSAGES,
  dealBulkMessage,
  ExportProductsQuerySchema,
  DealCardSchema,
  DealDetailSchema,
  GetAllProductsQuerySchema,
  MESSAGES,
  MessageResponseSchema,
  ProductIdQuerySchema,
  type ProductListItem,
  ProductListItemSchema,
  ProductSchema,
  type ProductSearchItem,
  ProductSearchItemSchema,
  ProductSearchTermQuerySchema,
  UpdateProductBodySchema,
} from '@deals/contract';
import { TablePageSchema } from '@deals/contract/tables';
import { fieldError, HttpError } from '../../../errors.js';
import { idFrom, OWN_DEAL_RULE, withStoredImages } from '../../../plugins/app/deal-ownership.js';
import { isUpload } from '../../../plugins/app/images.js';
import { parseFlag, staffViewer } from '../../../plugins/app/viewer.js';
import { readDealForm } from '../../../plugins/app/deal-input.js';

const MULTIPART_OR_JSON = ['multipart/form-data', 'application/json'];

const product: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetAllProducts',
    {
      config: { access: 'staff' },
      schema: {
        description:
          'The admin deals table: every deal (empty `isActive`) or the active/inactive ones, newest first, each kept to the columns the table shows. With `page` (or `pageSize`): one page of the rows matching the filters, sorted by `sortBy`/`order`, and their total (`{ items, total, page, pageSize }`).',
        querystring: GetAllProductsQuerySchema,
        response: { 200: Type.Union([Type.Array(ProductListItemSchema), TablePageSchema(ProductListItemSchema)]) },
      },
    },
    async (request, reply) => {
      const { isActive, ...table } = request.query;
      const paged = table.page !== undefined || table.pageSize !== undefined;
      // The database writes the JSON document (see listAdminJson, tablePageJson): a string payload
      // is sent as it is, the schema above documents it.
      const json = paged
        ? await fastify.adminTables.pageJson('deals', { ...table, isActive: parseFlag(isActive) })
        : await fastify.deals.listAdminJson({ isActive: parseFlag(isActive) });
      return reply.type('application/json; charset=utf-8').send(json as unknown as ProductListItem[]);
    },
  );

  fastify.get(
    '/ExportProductsCsv',
    {
      config: { access: 'staff' },
      schema: {
        description:
          'Download CSV of the admin deals table: every deal matching the filters (as `GetAllProducts` takes them), in the order asked, streamed; dates in `timeZone` (UTC when absent) as MM/DD/YYYY HH:mm.',
        querystring: ExportProductsQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { isActive, timeZone, ...table } = request.query;
      return fastify.adminTables.sendCsv(reply, 'deals', { ...table, isActive: parseFlag(isActive) }, timeZone);
    },
  );

  fastify.post(
    '/BulkUpdateProducts',
    {
      config: { access: 'staff', rule: OWN_DEAL_RULE },
      schema: {
        description:
          'A bulk action of the admin deals table on the chosen `ids` or on every deal matching `filter` (the table\'s filters): activate, deactivate, delete, setExpiry (`expiresAt`), extendExpiry (`days`) or addToFeaturedSection (`featuredSectionId`), in one transaction. ' +
          'Staff change only deals they added (any staff member may add any deal to a section, as one at a time); the answer counts the deals changed and those skipped, by reason.',
        body: BulkUpdateProductsBodySchema,
        response: { 200: BulkUpdateProductsResponseSchema },
      },
    },
    async (request) => {
      const viewer = staffViewer(request);
      const body = request.body;
      if (!body.ids && !body.filter) throw fieldError('ids', DEAL_BULK_MESSAGES.selection);
      if (body.ids && body.filter) throw fieldError('filter', DEAL_BULK_MESSAGES.bothSelections);
      if (body.action === 'setExpiry' && !body.expiresAt) throw fieldError('expiresAt', DEAL_BULK_MESSAGES.expiresAt);
      if (body.action === 'extendExpiry' && !body.days) throw fieldError('days', DEAL_BULK_MESSAGES.days);
      if (body.action === 'addToFeaturedSection' && !body.featuredSectionId) throw fieldError('featuredSectionId', DEAL_BULK_MESSAGES.featuredSection);
      const outcome = await fastify.deals.bulkUpdate(viewer, body, fastify.audit.trail(request));
      await fastify.images.release(outcome.releasedImages);
      return {
        message: dealBulkMessage(body.action, outcome.changed, outcome.skipped),
        matched: outcome.matched,
        changed: outcome.changed,
        skipped: outcome.skipped.map((entry) => ({ ...entry, text: DEAL_BULK_MESSAGES.skipped[entry.reason] })),
      };
    },
  );

  fastify.get(
    '/GetProductById',
    {
      config: { access: 'staff' },
      schema: { description: 'The whole deal, as the edit form loads it.', querystring: ProductIdQuerySchema, response: { 200: ProductSchema } },
    },
    async (request) => {
      const deal = await fastify.deals.getById(request.query.productId);
      if (!deal) throw new HttpError(404, DEAL_MESSAGES.notFound);
      return deal;
    },
  );

  fastify.get(
    '/GetAllProductsBySearchTerm',
    {
      config: { access: 'staff' },
      schema: {
        description:
          'The featured-section deal picker: up to 50 deals whose name contains the term (any case), newest first; an empty term lists the latest. ' +
          'With `page` (or `pageSize`, at most 50): one page of every match and the total (`{ items, total, page, pageSize }`), leaving out the deals already in `excludeFeaturedSectionId`.',
        querystring: ProductSearchTermQuerySchema,
        response: { 200: Type.Union([Type.Array(ProductSearchItemSchema), TablePageSchema(ProductSearchItemSchema)]) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      if (page === undefined && pageSize === undefined) return fastify.deals.searchByName(request.query.searchTerm ?? '');
      const json = await fastify.adminTables.pageJson('dealPicker', request.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as ProductSearchItem[]);
    },
  );

  fastify.get(
    '/GetProductsForDashboard',
    {
      config: { access: 'staff' },
      schema: {
        description: 'The latest 100 deals (any state) from `skip`, as deal cards.',
        querystring: DashboardQuerySchema,
        response: { 200: Type.Array(DealCardSchema) },
      },
    },
    async (request) => fastify.deals.dashboard(request.query.skip ?? 0),
  );

  fastify.get(
    '/GetProductDetailById',
    {
      config: { access: 'optional' },
      schema: {
        description:
          'The public deal detail. Anonymous callers get only live deals (active, started, not expired), otherwise 404; staff get any deal. ' +
          'Each image carries its pixel `width` and `height` when the stored file is readable.',
        querystring: ProductIdQuerySchema,
        response: { 200: DealDetailSchema },
      },
    },
    async (request) => {
      const deal = await fastify.deals.detail(request.query.productId, { liveOnly: request.viewer.kind === 'anonymous' });
      if (!deal) throw new HttpError(404, DEAL_MESSAGES.notFound);
      const images = await Promise.all(deal.images.map(async (image) => ({ ...image, ...(await fastify.images.dimensions(image.filePath)) })));
      return { ...deal, images };
    },
  );

  fastify.post(
    '/CreateProduct',
    {
      config: { access: 'staff' },
      schema: {
        description: 'Creates a deal from the form (multipart: the fields, `image` and `productTypeIds` repeated). The caller becomes its owner; the image its preview.',
        consumes: MULTIPART_OR_JSON,
        body: CreateProductBodySchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const viewer = staffViewer(request);
      const { image, ...fields } = request.body;
      const form = await readDealForm(fastify, fields);
      if (!isUpload(image)) throw fieldError('image', MESSAGES.deal.imageRequired);
      const id = await withStoredImages(fastify.images, [image], ([path]) =>
        fastify.deals.create(form.values, form.productTypeIds, path as string, viewer.userId, { request }),
      );
      // The create may have queued a new-deal alert: send it now rather than at the next poll.
      fastify.pushDelivery.wake();
      fastify.mail.wake();
      return { message: DEAL_MESSAGES.created, id };
    },
  );

  fastify.put(
    '/UpdateProduct',
    {
      config: { access: 'staff', rule: OWN_DEAL_RULE },
      preHandler: fastify.dealOwnerOrAdmin(idFrom('body', 'id')),
      schema: {
        description:
          'Rewrites the whole deal (`id` plus every form field; `productTypeIds` replaces the set). An `image`, if sent, is added to its images (the preview when it has none).',
        consumes: MULTIPART_OR_JSON,
        body: UpdateProductBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { id, image, ...fields } = request.body;
      const form = await readDealForm(fastify, fields);
      // No image (absent, null or an empty file part) keeps the images as they are.
      const noImage = image == null || (Buffer.isBuffer(image) && image.length === 0);
      if (!noImage && !isUpload(image)) throw fieldError('image', MESSAGES.deal.imageRequired);
      await withStoredImages(fastify.images, noImage ? [] : [image as Buffer], async ([path]) => {
        // Deleted since the ownership check: throwing here also releases the new image.
        if (!(await fastify.deals.update(id, form.values, form.productTypeIds, path ?? null, { request }))) throw new HttpError(404, DEAL_MESSAGES.notFound);
      });
      return { message: DEAL_MESSAGES.updated };
    },
  );

  fastify.delete(
    '/DeleteProduct',
    {
      config: { access: 'staff', rule: OWN_DEAL_RULE },
      preHandler: fastify.dealOwnerOrAdmin(idFrom('query', 'productId')),
      schema: {
        description: 'Deletes the deal with its images (their files too, unless something else shows them) and its featured-section places.',
        querystring: ProductIdQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const released = await fastify.deals.delete(request.query.productId, { request });
      if (!released) throw new HttpError(404, DEAL_MESSAGES.notFound);
      await fastify.images.release(released);
      return { message: DEAL_MESSAGES.deleted };
    },
  );
};

export default product;
