/** Content sections (spec §7 "ContentSection/…"): the CMS building blocks of pages and blogs. Admins only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ComponentOptionSchema,
  ContentSectionOptionsForBlogQuerySchema,
  ContentSectionOptionsQuerySchema,
  ContentSectionSchema,
  CreateContentSectionSchema,
  CreatedResponseSchema,
  ExportContentSectionsQuerySchema,
  GetAllContentSectionsQuerySchema,
  IdQuery,
  MESSAGES,
  MessageResponseSchema,
  SECTION_MESSAGES,
  SectionTableRowSchema,
  type SectionTableRow,
  UpdateContentSectionSchema,
  UploadContentImageResponseSchema,
  UploadContentImageSchema,
} from '../../../contract/index.js';
import { TablePageSchema, type TablePage } from '../../../contract/tables.js';
import { sectionCsvColumns, SECTIONS_TABLE, type SectionTableFilter, type SectionTableOrder } from '../../../db/admin-tables/sections-table.js';
import { tableBatches, tablePageJson } from '../../../db/admin-tables/table.js';
import { HttpError, fieldError, fieldErrors } from '../../../errors.js';
import { exportTimeZone, sendCsv } from '../../../lib/csv-export.js';
import { isUpload } from '../../../plugins/app/images.js';
import { prepareContentSection, sectionImages, withUploads } from '../../../plugins/app/content-sections.js';
import { parseFlag } from '../../../plugins/app/viewer.js';

const admin = { access: 'admin' } as const;
const multipart = ['multipart/form-data', 'application/json'];

const contentSection: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = fastify.contentSections;

  fastify.get(
    '/GetAllContentSections',
    {
      config: admin,
      schema: {
        description:
          'Every content section (`isActive` empty = all), by name. ' +
          'With `page` (or `pageSize`): one page of the content-sections screen\'s table, content sections and banners together (`{ kind, id, name, type, isActive }`), matching the filters, sorted by `sortBy`/`order` (by default content sections first, each kind by name), and their total (`{ items, total, page, pageSize }`).',
        querystring: GetAllContentSectionsQuerySchema,
        response: { 200: Type.Union([Type.Array(ContentSectionSchema), TablePageSchema(SectionTableRowSchema)]) },
      },
    },
    async (request, reply) => {
      const { isActive, ...query } = request.query;
      if (query.page === undefined && query.pageSize === undefined) return repo.list({ isActive: parseFlag(isActive) });
      // PostgreSQL writes the page's JSON (tablePageJson): the string is sent as it is.
      const json = await tablePageJson(fastify.db, SECTIONS_TABLE, { ...query, isActive: parseFlag(isActive) });
      return reply.type('application/json; charset=utf-8').send(json as unknown as TablePage<SectionTableRow>);
    },
  );

  fastify.get(
    '/ExportContentSectionsCsv',
    {
      config: admin,
      schema: {
        description:
          'Download CSV of the content-sections screen\'s table: every content section and banner matching the filters (as `GetAllContentSections` takes them), in the order asked, streamed.',
        querystring: ExportContentSectionsQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { isActive, timeZone, ...query } = request.query;
      // The table has no dates; the zone is still checked, as every export's.
      exportTimeZone(timeZone);
      return sendCsv(
        reply,
        'content-sections',
        sectionCsvColumns(),
        tableBatches<SectionTableRow, SectionTableFilter, SectionTableOrder>(fastify.db, SECTIONS_TABLE, { ...query, isActive: parseFlag(isActive) }),
      );
    },
  );

  fastify.get(
    '/GetContentSectionById',
    { config: admin, schema: { querystring: IdQuery('contentSectionId'), response: { 200: ContentSectionSchema } } },
    async (request) => {
      const section = await repo.get(request.query.contentSectionId);
      if (!section) throw new HttpError(404, SECTION_MESSAGES.contentSectionNotFound);
      return section;
    },
  );

  fastify.post(
    '/CreateContentSection',
    {
      config: admin,
      schema: {
        description:
          'Multipart form with `image` (required except for Text Only and Custom). Layout flags and locked alignments follow the type; `description` and `rawHTML` (Custom only) are sanitised.',
        consumes: multipart,
        body: CreateContentSectionSchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const { image, pageId, blogId, ...body } = request.body;
      const errors: Record<string, string> = {};
      const values = prepareContentSection(body, isUpload(image), errors);
      await repo.checkOrigin({ pageId, blogId }, errors);
      const failed = fieldErrors(errors);
      if (failed) throw failed;
      const id = await withUploads(fastify.images, { image }, (saved) =>
        repo.create({ ...values, imagePath: saved.image ?? null, pageId: pageId ?? null, blogId: blogId ?? null }),
      );
      return { message: SECTION_MESSAGES.contentSectionCreated, id };
    },
  );

  fastify.put(
    '/UpdateContentSection',
    {
      config: admin,
      schema: {
        description:
          'The create form plus `id`. A sent `image` replaces the stored one (the old file is removed); without one the image stays. Absent `pageId`/`blogId` keep their values.',
        consumes: multipart,
        body: UpdateContentSectionSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { id, image, pageId, blogId, ...body } = request.body;
      const existing = await repo.row(id);
      if (!existing) throw new HttpError(404, SECTION_MESSAGES.contentSectionNotFound);
      const errors: Record<string, string> = {};
      const values = prepareContentSection(body, isUpload(image) || Boolean(existing.imagePath), errors);
      await repo.checkOrigin({ pageId, blogId }, errors);
      const failed = fieldErrors(errors);
      if (failed) throw failed;
      await withUploads(fastify.images, { image }, async (saved) => {
        const origin = { ...(pageId !== undefined && { pageId }), ...(blogId !== undefined && { blogId }) };
        const updated = await repo.update(id, { ...values, ...origin, imagePath: saved.image ?? existing.imagePath });
        if (!updated) throw new HttpError(404, SECTION_MESSAGES.contentSectionNotFound);
      });
      // The old image and any upload dropped from the rich text, unless still referenced.
      await fastify.images.release(sectionImages(existing));
      return { message: SECTION_MESSAGES.contentSectionUpdated };
    },
  );

  fastify.delete(
    '/DeleteContentSection',
    {
      config: admin,
      schema: {
        description: 'Deletes the section and its page/blog assignments; its image and rich-text uploads are removed.',
        querystring: IdQuery('id'),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const deleted = await repo.delete(request.query.id);
      if (!deleted) throw new HttpError(404, SECTION_MESSAGES.contentSectionNotFound);
      await fastify.images.release(sectionImages(deleted));
      return { message: SECTION_MESSAGES.contentSectionDeleted };
    },
  );

  fastify.get(
    '/GetContentSectionOptions',
    {
      config: admin,
      schema: {
        description:
          "The Add Content modal's component choices for a page: `type=CONTENTSECTION` → active content sections, `type=BANNER` → active banners, each `{ value: id, label: name }`, without those already on the page.",
        querystring: ContentSectionOptionsQuerySchema,
        response: { 200: Type.Array(ComponentOptionSchema) },
      },
    },
    async (request) => {
      const { pageId, type } = request.query;
      if (!(await repo.pageExists(pageId, false))) throw new HttpError(404, SECTION_MESSAGES.pageNotFound);
      return repo.options(pageId, type);
    },
  );

  fastify.get(
    '/GetContentSectionOptionsForBlog',
    {
      config: admin,
      schema: {
        description: 'As `GetContentSectionOptions`, for a blog.',
        querystring: ContentSectionOptionsForBlogQuerySchema,
        response: { 200: Type.Array(ComponentOptionSchema) },
      },
    },
    async (request) => {
      const { blogId, type } = request.query;
      if (!(await repo.pageExists(blogId, true))) throw new HttpError(404, SECTION_MESSAGES.blogNotFound);
      return repo.options(blogId, type);
    },
  );

  fastify.post(
    '/UploadImageToContentSection',
    {
      config: admin,
      schema: {
        description:
          "The rich-text editor's image upload: multipart `file`. Answers the stored name as `filePath`; the editor inserts `{apiBase}/Attachments/{filePath}`.",
        consumes: ['multipart/form-data'],
        body: UploadContentImageSchema,
        response: { 200: UploadContentImageResponseSchema },
      },
    },
    async (request) => {
      const { file } = request.body;
      if (!isUpload(file)) throw fieldError('file', MESSAGES.contentSection.imageRequired);
      const filePath = await fastify.images.save(file);
      return { message: SECTION_MESSAGES.imageUploaded, filePath };
    },
  );
};

export default contentSection;
