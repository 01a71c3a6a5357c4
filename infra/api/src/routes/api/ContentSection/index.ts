/**
 * Content sections (spec §7 "ContentSection/…"): the CMS building blocks of pages and blogs. Admins only.
 * Editorial drafts: the editor saves drafts (`SaveContentSectionDraft`) that the public site never sees until
 * `PublishContentSection`; `UpdateContentSection` keeps the spec's meaning (saves and publishes at once).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  ComponentOptionSchema,
  ContentSectionDetailSchema,
  ContentSectionListItemSchema,
  ContentSectionOptionsForBlogQuerySchema,
  ContentSectionOptionsQuerySchema,
  CreateContentSectionSchema,
  CreatedResponseSchema,
  ExportContentSectionsQuerySchema,
  GetAllContentSectionsQuerySchema,
  IdQuery,
  MESSAGES,
  MessageResponseSchema,
  REVISION_MESSAGES,
  SECTION_MESSAGES,
  ScheduleBodySchema,
  SectionTableRowSchema,
  type ContentSectionSnapshot,
  type SectionTableRow,
  type UpdateContentSection,
  UpdateContentSectionSchema,
  UploadContentImageResponseSchema,
  UploadContentImageSchema,
} from '@deals/contract';
import { TablePageSchema, type TablePage } from '@deals/contract/tables';
import { HttpError, fieldError, fieldErrors } from '../../../errors.js';
import { isUpload } from '../../../plugins/app/images.js';
import { prepareContentSection, sectionImages, withUploads } from '../../../plugins/app/content-sections.js';
import { sameSnapshot } from '../../../plugins/app/editorial.js';
import { actorOf } from '../../../plugins/app/revisions.js';
import { sectionNotFound } from '../../../plugins/app/section-drafts.js';
import { parseFlag } from '../../../plugins/app/viewer.js';

const admin = { access: 'admin' } as const;
const multipart = ['multipart/form-data', 'application/json'];
/** The query parameter naming the section in the editor's calls (as `GetContentSectionById`). */
const byId = IdQuery('contentSectionId');

const contentSection: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = fastify.contentSections;
  const kind = fastify.sectionDrafts;

  /**
   * Deletes files no row, draft or revision refers to any more. The change that dropped them has
   * committed, so a storage failure is logged rather than turned into an error for a request that succeeded.
   */
  async function releaseImages(request: FastifyRequest, names: string[]): Promise<void> {
    await fastify.images.release(names).catch((error: unknown) => request.log.error({ err: error, names }, 'could not release images'));
  }

  /**
   * Saves the body as the draft (UpdateContentSection: and publishes it, as the spec's call always
   * did), checked as create checks it; answers after the transaction, then releases the files no
   * longer named. A sent `pageId`/`blogId` is stored at once (the editor's way back, not content).
   */
  async function saveBody(request: FastifyRequest, body: UpdateContentSection, publish: boolean): Promise<void> {
    const { id, image, pageId, blogId, ...fields } = body;
    const existing = await repo.row(id);
    if (!existing) throw sectionNotFound();
    // The editor edits the draft when there is one: its image is the one kept without an upload.
    const current = (existing.draft as ContentSectionSnapshot | null) ?? existing;
    const errors: Record<string, string> = {};
    const values = prepareContentSection(fields, isUpload(image) || Boolean(current.imagePath), errors);
    await repo.checkOrigin({ pageId, blogId }, errors);
    const failed = fieldErrors(errors);
    if (failed) throw failed;
    let before: string[] = [];
    await withUploads(fastify.images, { image }, (saved) =>
      fastify.editorial.edit(kind, id, async (tx, { draft, published }) => {
        const snapshot: ContentSectionSnapshot = { ...values, imagePath: saved.image ?? (draft ?? published).imagePath };
        before = [...sectionImages(published), ...sectionImages(draft)];
        await repo.setOrigin(tx, id, { pageId, blogId }, fastify.audit.trail(request));
        if (publish && sameSnapshot(published, snapshot) && draft === null) return;
        await fastify.editorial.saveDraftIn(tx, kind, request, id, snapshot, publish ? 'update' : 'save-draft');
        if (publish && !sameSnapshot(published, snapshot)) await fastify.editorial.publishIn(tx, kind, request, id);
      }),
    );
    // The old image and any upload dropped from the rich text, unless still referenced (a revision keeps them).
    await releaseImages(request, before);
  }

  fastify.get(
    '/GetAllContentSections',
    {
      config: admin,
      schema: {
        description:
          'Every content section (`isActive` empty = all), by name, as published, with `hasDraft` ("Changes not published"), `publishAt` and `unpublishAt`. ' +
          'With `page` (or `pageSize`): one page of the content-sections screen\'s table, content sections and banners together (`{ kind, id, name, type, isActive, hasDraft, publishAt, unpublishAt }`), matching the filters, sorted by `sortBy`/`order` (by default content sections first, each kind by name), and their total (`{ items, total, page, pageSize }`).',
        querystring: GetAllContentSectionsQuerySchema,
        response: { 200: Type.Union([Type.Array(ContentSectionListItemSchema), TablePageSchema(SectionTableRowSchema)]) },
      },
    },
    async (request, reply) => {
      const { isActive, ...query } = request.query;
      if (query.page === undefined && query.pageSize === undefined) return repo.list({ isActive: parseFlag(isActive) });
      // PostgreSQL writes the page's JSON (tablePageJson): the string is sent as it is.
      const json = await fastify.adminTables.pageJson('sections', { ...query, isActive: parseFlag(isActive) });
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
      return fastify.adminTables.sendCsv(reply, 'sections', { ...query, isActive: parseFlag(isActive) }, timeZone);
    },
  );

  fastify.get(
    '/GetContentSectionById',
    {
      config: admin,
      schema: {
        description:
          'The published section, plus `draft`: the unpublished edits the editor works on (null: none; its fields named as stored, `rawHtml`), and `editorial`: its draft, schedule and publishing state.',
        querystring: byId,
        response: { 200: ContentSectionDetailSchema },
      },
    },
    async (request) => {
      const section = await repo.get(request.query.contentSectionId);
      if (!section) throw sectionNotFound();
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
        repo.create({ ...values, imagePath: saved.image ?? null, pageId: pageId ?? null, blogId: blogId ?? null }, fastify.audit.trail(request), async (tx, created) => {
          // Published at once; its first revision.
          const snapshot = await kind.read(tx, created);
          await fastify.revisions.record(tx, { recordType: 'contentSection', recordId: created, action: 'create', snapshot, actor: actorOf(request) });
        }),
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
          'The create form plus `id`, saved and published at once (replacing any draft; a revision is kept). A sent `image` replaces the stored one (the old file is removed once no revision names it); without one the image stays. Absent `pageId`/`blogId` keep their values. ' +
          'The editor saves drafts instead (`SaveContentSectionDraft`, then `PublishContentSection`).',
        consumes: multipart,
        body: UpdateContentSectionSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await saveBody(request, request.body, true);
      return { message: SECTION_MESSAGES.contentSectionUpdated };
    },
  );

  fastify.put(
    '/SaveContentSectionDraft',
    {
      config: admin,
      schema: {
        description:
          'Keeps the form (as `UpdateContentSection` takes it, checked the same way) as the section\'s draft; the public site keeps showing the published section. A draft equal to the published section is no draft. ' +
          'A sent `image` is the draft\'s; without one the draft keeps its image (else the published one).',
        consumes: multipart,
        body: UpdateContentSectionSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await saveBody(request, request.body, false);
      return { message: REVISION_MESSAGES.draftSaved };
    },
  );

  fastify.put(
    '/PublishContentSection',
    {
      config: admin,
      schema: {
        description:
          'Copies the draft into the public section and keeps a revision (without a draft, makes an inactive section active; 400 when there is nothing to publish). Clears a scheduled publish.',
        querystring: byId,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.editorial.publish(kind, request, request.query.contentSectionId);
      return { message: REVISION_MESSAGES.published };
    },
  );

  fastify.put(
    '/UnpublishContentSection',
    {
      config: admin,
      schema: {
        description: 'Takes the section off the public site (inactive) and keeps a revision; its draft stays. Clears a scheduled unpublish.',
        querystring: byId,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.editorial.unpublish(kind, request, request.query.contentSectionId);
      return { message: REVISION_MESSAGES.unpublished };
    },
  );

  fastify.delete(
    '/DiscardContentSectionDraft',
    {
      config: admin,
      schema: { description: "Drops the section's unpublished changes.", querystring: byId, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const id = request.query.contentSectionId;
      const draft = (await fastify.editorial.state(kind, id))?.draft;
      await fastify.editorial.discardDraft(kind, request, id);
      // The draft's own files go when nothing else names them (release checks).
      if (draft) await releaseImages(request, sectionImages(draft));
      return { message: REVISION_MESSAGES.draftDiscarded };
    },
  );

  fastify.put(
    '/ScheduleContentSection',
    {
      config: admin,
      schema: {
        description:
          'Publish the draft at `publishAt` and take the section off the site at `unpublishAt` (each in the future, unpublish after publish; null clears one). Run by the job queue, once, on one instance, across restarts.',
        querystring: byId,
        body: ScheduleBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.editorial.schedule(kind, request, request.query.contentSectionId, request.body);
      return { message: REVISION_MESSAGES.scheduleSaved };
    },
  );

  fastify.delete(
    '/DeleteContentSection',
    {
      config: admin,
      schema: {
        description: 'Deletes the section, its page/blog assignments and its revisions; its image and rich-text uploads (and those of its draft and revisions) are removed unless something else names them.',
        querystring: IdQuery('id'),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const deleted = await repo.delete(request.query.id, fastify.audit.trail(request));
      if (!deleted) throw sectionNotFound();
      await releaseImages(request, deleted.images);
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
