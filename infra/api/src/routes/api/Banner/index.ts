/** Banners (spec §7 "Banner/…"): dynamic banners made of ordered banner items. Admins only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  BannerSchema,
  BannerSummarySchema,
  CreateBannerSchema,
  CreatedResponseSchema,
  ExportBannersQuerySchema,
  GetAllBannersQuerySchema,
  IdQuery,
  MessageResponseSchema,
  SECTION_MESSAGES,
  UpdateBannerSchema,
  type BannerSummary,
  type BannerTableSortKey,
  type CreateBanner,
} from '../../../contract/index.js';
import { TablePageSchema } from '../../../contract/tables.js';
import { bannerCsvColumns, BANNERS_TABLE, type BannerTableFilter } from '../../../db/admin-tables/banners-table.js';
import { tableBatches, tablePageJson } from '../../../db/admin-tables/table.js';
import { HttpError, fieldErrors } from '../../../errors.js';
import { exportTimeZone, sendCsv } from '../../../lib/csv-export.js';
import type { BannerValues } from '../../../plugins/app/banners.js';
import { parseFlag } from '../../../plugins/app/viewer.js';

const admin = { access: 'admin' } as const;
const forms = ['application/json', 'multipart/form-data'];

const banner: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = fastify.banners;

  /** Trimmed values after the origin check (§3: the page or blog it was created from must exist). */
  async function bannerValues(body: CreateBanner, keepOrigin: boolean): Promise<BannerValues> {
    const errors: Record<string, string> = {};
    await fastify.contentSections.checkOrigin(body, errors);
    const failed = fieldErrors(errors);
    if (failed) throw failed;
    const values: BannerValues = { name: body.name.trim(), isActive: body.isActive ?? true };
    // On update an absent pageId/blogId keeps the stored one.
    if (!keepOrigin || body.pageId !== undefined) values.pageId = body.pageId ?? null;
    if (!keepOrigin || body.blogId !== undefined) values.blogId = body.blogId ?? null;
    return values;
  }

  fastify.get(
    '/GetAllBanners',
    {
      config: admin,
      schema: {
        description:
          'Every banner (`isActive` empty = all), by name, with its number of items (not in the spec\'s call table; the content-sections screen pages banners with the sections through `ContentSection/GetAllContentSections`). ' +
          'With `page` (or `pageSize`): one page of the banners matching the filters, sorted by `sortBy`/`order`, and their total (`{ items, total, page, pageSize }`).',
        querystring: GetAllBannersQuerySchema,
        response: { 200: Type.Union([Type.Array(BannerSummarySchema), TablePageSchema(BannerSummarySchema)]) },
      },
    },
    async (request, reply) => {
      const { isActive, ...query } = request.query;
      if (query.page === undefined && query.pageSize === undefined) return repo.list({ isActive: parseFlag(isActive) });
      // PostgreSQL writes the page's JSON (tablePageJson): the string is sent as it is.
      const json = await tablePageJson(fastify.db, BANNERS_TABLE, { ...query, isActive: parseFlag(isActive) });
      return reply.type('application/json; charset=utf-8').send(json as unknown as BannerSummary[]);
    },
  );

  fastify.get(
    '/ExportBannersCsv',
    {
      config: admin,
      schema: {
        description: 'Download CSV of the banners: every banner matching the filters (as `GetAllBanners` takes them), in the order asked, streamed.',
        querystring: ExportBannersQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { isActive, timeZone, ...query } = request.query;
      exportTimeZone(timeZone);
      return sendCsv(reply, 'banners', bannerCsvColumns(), tableBatches<BannerSummary, BannerTableFilter, BannerTableSortKey>(fastify.db, BANNERS_TABLE, { ...query, isActive: parseFlag(isActive) }));
    },
  );

  fastify.get(
    '/GetBannerById',
    {
      config: admin,
      schema: { description: 'The banner with its `bannerItems` in their sort order.', querystring: IdQuery('bannerId'), response: { 200: BannerSchema } },
    },
    async (request) => {
      const found = await repo.get(request.query.bannerId);
      if (!found) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
      return found;
    },
  );

  fastify.post(
    '/CreateBanner',
    {
      config: admin,
      schema: { description: 'JSON `{ name, isActive, pageId?, blogId? }`.', consumes: forms, body: CreateBannerSchema, response: { 200: CreatedResponseSchema } },
    },
    async (request) => {
      const id = await repo.create(await bannerValues(request.body, false));
      return { message: SECTION_MESSAGES.bannerCreated, id };
    },
  );

  fastify.put(
    '/UpdateBanner',
    {
      config: admin,
      schema: {
        description: 'JSON `{ id, name, isActive, pageId?, blogId? }`; absent `pageId`/`blogId` keep their values.',
        consumes: forms,
        body: UpdateBannerSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { id, ...body } = request.body;
      if (!(await repo.update(id, await bannerValues(body, true)))) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
      return { message: SECTION_MESSAGES.bannerUpdated };
    },
  );

  fastify.delete(
    '/DeleteBanner',
    {
      config: admin,
      schema: {
        description: 'Deletes the banner, its items and its page/blog assignments; the items\' images are removed.',
        querystring: IdQuery('id'),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const images = await repo.delete(request.query.id);
      if (!images) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
      await fastify.images.release(images);
      return { message: SECTION_MESSAGES.bannerDeleted };
    },
  );
};

export default banner;
