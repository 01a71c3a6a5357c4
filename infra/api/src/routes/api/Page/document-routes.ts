/**
 * The routes the `Page` and `Blog` controllers share (the same calls under their own names): pages
 * and blogs are one table, so one implementation keeps their rules identical. Admins only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AssignComponentQuerySchema,
  DynamicPageSchema,
  CMS_MESSAGES,
  CreatedResponseSchema,
  ExportPagesQuerySchema,
  GetAllPagesQuerySchema,
  IdQuery,
  MESSAGES,
  MessageResponseSchema,
  PageListItemSchema,
  PageSchema,
  SortItemsSchema,
  UnassignComponentQuerySchema,
  pageUrlProblem,
  type CreatePageBody,
  type CreatePageBodySchema,
  type PageListItem,
  type PageSnapshot,
  type PageTableSortKey,
  type UpdatePageBody,
  type UpdatePageBodySchema,
  PREVIEW_LINK_HOURS,
  PreviewLinkQuerySchema,
  PreviewLinkSchema,
  REVISION_MESSAGES,
  ScheduleBodySchema,
} from '@deals/contract';
import { TablePageSchema } from '@deals/contract/tables';
import { BLOGS_TABLE, blogCsvColumns, pageCsvColumns, PAGES_TABLE, type PageTableFilter } from '../../../db/admin-tables/pages-table.js';
import { tableBatches, tablePageJson } from '../../../db/admin-tables/table.js';
import { fieldError } from '../../../errors.js';
import { dateTimeWriter, exportTimeZone, sendCsv } from '../../../lib/csv-export.js';
import { sameSnapshot, type Tx } from '../../../plugins/app/editorial.js';
import { actorOf } from '../../../plugins/app/revisions.js';
import { pageNotFound, type PageFields, type PageKind } from '../../../plugins/app/pages.js';
import { parseFlag, staffViewer } from '../../../plugins/app/viewer.js';

/** Trimmed text, or null when absent or blank (an emptied form field clears the value). */
export const cleanText = (value: string | null | undefined): string | null => value?.trim() || null;

export interface DocumentRoutesOptions {
  kind: PageKind;
  noun: 'Page' | 'Blog';
  /** The query parameter naming the page or blog (`pageId`, `blogId`). */
  idParam: 'pageId' | 'blogId';
  paths: {
    getAll: string;
    /** Download CSV of the admin list (issue 18). */
    exportCsv: string;
    getById: string;
    /** The page as the public site draws it, drafts and inactive components included (/preview). */
    preview: string;
    create: string;
    update: string;
    remove: string;
    assign: string;
    sort: string;
  };
  createBody: typeof CreatePageBodySchema;
  updateBody: typeof UpdatePageBodySchema;
}

/** The url rules a schema cannot word in one message: begins with "/", a clean path, not a fixed route. */
function pageFields(body: CreatePageBody): PageFields {
  const url = body.url.trim();
  const problem = pageUrlProblem(url);
  if (problem) throw fieldError('url', problem);
  return {
    name: body.name.trim(),
    title: cleanText(body.title),
    url,
    keywords: cleanText(body.keywords),
    description: cleanText(body.description),
    isBannerVisible: body.isBannerVisible,
    bannerColor: body.bannerColor,
    isActive: body.isActive,
  };
}

/** The editable fields as the body gives them, over `base` for what the body leaves out. */
function snapshotOf(base: PageSnapshot, fields: PageFields, image: string | null): PageSnapshot {
  return {
    name: fields.name,
    title: fields.title,
    url: fields.url,
    keywords: fields.keywords,
    description: fields.description,
    isBannerVisible: fields.isBannerVisible ?? base.isBannerVisible,
    bannerColor: fields.bannerColor ?? base.bannerColor,
    isActive: fields.isActive ?? base.isActive,
    bannerImageFilePath: image ?? base.bannerImageFilePath,
  };
}

/** Stores an uploaded banner image (checked by its bytes); null when none was sent. */
async function saveBannerImage(fastify: FastifyInstance, value: unknown): Promise<string | null> {
  if (value === undefined || value === null) return null;
  if (!Buffer.isBuffer(value)) throw fieldError('bannerImage', CMS_MESSAGES.imageInvalid);
  return value.length === 0 ? null : fastify.images.save(value);
}

/**
 * Deletes files no row refers to any more. The change that dropped them has committed, so a
 * storage failure is logged rather than turned into an error for a request that succeeded.
 */
export async function releaseImages(fastify: FastifyInstance, request: FastifyRequest, names: Array<string | null>): Promise<void> {
  await fastify.images.release(names).catch((error: unknown) => request.log.error({ err: error, names }, 'could not release images'));
}

export function documentRoutes(options: DocumentRoutesOptions): FastifyPluginAsyncTypebox {
  const { kind, noun, idParam, paths } = options;
  const lower = noun.toLowerCase();
  const admin = { access: 'admin' as const };
  const tags = [noun];
  // Typed with both keys (the union of the two controllers); at run time only `idParam` is there.
  const byId = IdQuery(idParam);
  const idOf = (query: Record<'pageId' | 'blogId', number>) => query[idParam];
  const table = kind === 'blog' ? BLOGS_TABLE : PAGES_TABLE;
  const plural = kind === 'blog' ? 'blogs' : 'pages';

  return async (fastify) => {
    // The Assign calls have an empty body, which some clients still label as JSON: read an empty
    // JSON body as no body (in this controller only) instead of refusing it.
    const parseJson = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text === '') done(null, undefined);
      else parseJson(request, text, done);
    });

    fastify.get(
      `/${paths.getAll}`,
      {
        config: admin,
        schema: {
          tags,
          description:
            `Every ${lower} (\`isActive\` empty: all), with who added it and when. ` +
            'With `page` (or `pageSize`): one page of the rows matching the filters, sorted by `sortBy`/`order`, and their total (`{ items, total, page, pageSize }`).',
          querystring: GetAllPagesQuerySchema,
          response: { 200: Type.Union([Type.Array(PageListItemSchema), TablePageSchema(PageListItemSchema)]) },
        },
      },
      async (request, reply) => {
        const { isActive, ...query } = request.query;
        if (query.page === undefined && query.pageSize === undefined) return fastify.pages.list(kind, parseFlag(isActive));
        // PostgreSQL writes the page's JSON (tablePageJson): the string is sent as it is.
        const json = await tablePageJson(fastify.db, table, { ...query, isActive: parseFlag(isActive) });
        return reply.type('application/json; charset=utf-8').send(json as unknown as PageListItem[]);
      },
    );

    fastify.get(
      `/${paths.exportCsv}`,
      {
        config: admin,
        schema: {
          tags,
          description: `Download CSV of the admin ${plural} table: every ${lower} matching the filters (as \`${paths.getAll}\` takes them), in the order asked, streamed; dates in \`timeZone\` (UTC when absent) as MM/DD/YYYY HH:mm.`,
          querystring: ExportPagesQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { isActive, timeZone, ...query } = request.query;
        const dateTime = dateTimeWriter(exportTimeZone(timeZone));
        const columns = kind === 'blog' ? blogCsvColumns(dateTime) : pageCsvColumns();
        return sendCsv(reply, plural, columns, tableBatches<PageListItem, PageTableFilter, PageTableSortKey>(fastify.db, table, { ...query, isActive: parseFlag(isActive) }));
      },
    );

    fastify.get(
      `/${paths.preview}`,
      {
        config: admin,
        schema: {
          tags,
          description: `The ${lower} as the public site renders it (\`Home/GetDynamic${noun}\`'s shape), even while it or its components are inactive: the editor's Preview ${noun} (\`/preview\`).`,
          querystring: byId,
          response: { 200: DynamicPageSchema },
        },
      },
      async (request) => {
        const page = await fastify.pages.render(kind, idOf(request.query), { drafts: true });
        if (!page) throw pageNotFound(kind);
        return page;
      },
    );

    fastify.get(
      `/${paths.getById}`,
      {
        config: admin,
        schema: {
          tags,
          description: `The ${lower} with its components in order (\`contentSections[]\`, each \`id\` an assignment id).`,
          querystring: byId,
          response: { 200: PageSchema },
        },
      },
      async (request) => {
        const page = await fastify.pages.get(kind, idOf(request.query));
        if (!page) throw pageNotFound(kind);
        return page;
      },
    );

    fastify.post(
      `/${paths.create}`,
      {
        config: admin,
        schema: {
          tags,
          description: `Creates a ${lower} (multipart with an optional \`bannerImage\`, or JSON). The url must begin with "/", be unique across pages and blogs (case-insensitively) and not be a fixed route of the site.`,
          consumes: ['multipart/form-data', 'application/json'],
          body: options.createBody,
          response: { 200: CreatedResponseSchema },
        },
      },
      async (request) => {
        const fields = pageFields(request.body);
        if (await fastify.pages.urlInUse(fields.url)) throw fieldError('url', MESSAGES.page.urlTaken);
        const image = await saveBannerImage(fastify, request.body.bannerImage);
        let id: number;
        try {
          id = await fastify.pages.create(kind, fields, image, staffViewer(request).userId, async (tx, created) => {
            const snapshot = await fastify.pageDrafts[kind].read(tx as Tx, created);
            await fastify.revisions.record(tx, { recordType: kind, recordId: created, action: 'create', snapshot, actor: actorOf(request) });
          });
        } catch (error) {
          await releaseImages(fastify, request, [image]);
          throw error;
        }
        return { message: `${noun} created successfully`, id };
      },
    );

    /**
     * Saves the body as the draft (UpdatePage/UpdateBlog: and publishes it, as the spec's call
     * always did); answers after the transaction, then releases the images no longer named.
     */
    async function saveBody(request: FastifyRequest, body: UpdatePageBody, publish: boolean): Promise<void> {
      const { id } = body;
      const fields = pageFields(body);
      if (!(await fastify.pages.exists(kind, id))) throw pageNotFound(kind);
      if (await fastify.pages.urlInUse(fields.url, id)) throw fieldError('url', MESSAGES.page.urlTaken);
      const image = await saveBannerImage(fastify, body.bannerImage);
      const editorialKind = fastify.pageDrafts[kind];
      let before: Array<string | null> = [];
      try {
        await fastify.db.transaction(async (tx) => {
          const { draft } = await fastify.editorial.lockIn(tx, editorialKind, id);
          const published = await editorialKind.read(tx, id);
          // Absent flags keep what the editor last had: the draft's, else the published page's.
          const snapshot = snapshotOf(draft ?? published, fields, image);
          before = [published.bannerImageFilePath, draft?.bannerImageFilePath ?? null];
          if (publish && sameSnapshot(published, snapshot) && draft === null) return;
          await fastify.editorial.saveDraftIn(tx, editorialKind, request, id, snapshot, publish ? 'update' : 'save-draft');
          if (publish && !sameSnapshot(published, snapshot)) await fastify.editorial.publishIn(tx, editorialKind, request, id);
        });
      } catch (error) {
        await releaseImages(fastify, request, [image]);
        throw error;
      }
      await releaseImages(fastify, request, before);
    }

    fastify.put(
      `/${paths.update}`,
      {
        config: admin,
        schema: {
          tags,
          description:
            `Replaces the ${lower}'s fields and publishes them at once (absent optional texts are cleared; absent flags and colour are kept). A new \`bannerImage\` replaces the current one. ` +
            `The editor saves drafts instead (\`Save${noun}Draft\`, then \`Publish${noun}\`); this call replaces any draft and keeps a revision.`,
          consumes: ['multipart/form-data', 'application/json'],
          body: options.updateBody,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await saveBody(request, request.body, true);
        return { message: `${noun} updated successfully` };
      },
    );

    fastify.put(
      `/Save${noun}Draft`,
      {
        config: admin,
        schema: {
          tags,
          description: `Issue 20: keeps the body (as \`${paths.update}\` takes it) as the ${lower}'s draft; the public site keeps showing the published ${lower}. A draft equal to the published ${lower} is no draft.`,
          consumes: ['multipart/form-data', 'application/json'],
          body: options.updateBody,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await saveBody(request, request.body, false);
        return { message: REVISION_MESSAGES.draftSaved };
      },
    );

    fastify.put(
      `/Publish${noun}`,
      {
        config: admin,
        schema: {
          tags,
          description: `Issue 20: copies the draft into the public ${lower} and keeps a revision (without a draft, makes an inactive ${lower} active). Clears a scheduled publish.`,
          querystring: byId,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await fastify.db.transaction((tx) => fastify.editorial.publishIn(tx, fastify.pageDrafts[kind], request, idOf(request.query)));
        return { message: REVISION_MESSAGES.published };
      },
    );

    fastify.put(
      `/Unpublish${noun}`,
      {
        config: admin,
        schema: {
          tags,
          description: `Issue 20: takes the ${lower} off the public site (inactive) and keeps a revision; its draft stays. Clears a scheduled unpublish.`,
          querystring: byId,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await fastify.db.transaction((tx) => fastify.editorial.unpublishIn(tx, fastify.pageDrafts[kind], request, idOf(request.query)));
        return { message: REVISION_MESSAGES.unpublished };
      },
    );

    fastify.delete(
      `/Discard${noun}Draft`,
      {
        config: admin,
        schema: { tags, description: `Issue 20: drops the ${lower}'s unpublished changes.`, querystring: byId, response: { 200: MessageResponseSchema } },
      },
      async (request) => {
        const id = idOf(request.query);
        const draft = (await fastify.editorial.state(fastify.pageDrafts[kind], id))?.draft;
        await fastify.editorial.discardDraft(fastify.pageDrafts[kind], request, id);
        // The draft's own image goes when nothing else names it (release checks).
        if (draft) await releaseImages(fastify, request, [draft.bannerImageFilePath]);
        return { message: REVISION_MESSAGES.draftDiscarded };
      },
    );

    fastify.put(
      `/Schedule${noun}`,
      {
        config: admin,
        schema: {
          tags,
          description: `Issue 20: publish the draft at \`publishAt\` and take the ${lower} off the site at \`unpublishAt\` (each in the future, unpublish after publish; null clears one). Run by the job queue, once, on one instance, across restarts.`,
          querystring: byId,
          body: ScheduleBodySchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await fastify.editorial.schedule(fastify.pageDrafts[kind], request, idOf(request.query), request.body);
        return { message: REVISION_MESSAGES.scheduleSaved };
      },
    );

    fastify.post(
      `/Create${noun}PreviewLink`,
      {
        config: admin,
        schema: {
          tags,
          description: `Issue 20: a link to the ${lower}'s draft that anyone may open without signing in, until it expires (\`hours\`, default ${PREVIEW_LINK_HOURS.default}, at most ${PREVIEW_LINK_HOURS.max}). It shows the draft as it is when opened.`,
          querystring: Type.Composite([byId, PreviewLinkQuerySchema]),
          response: { 200: PreviewLinkSchema },
        },
      },
      async (request) => {
        const id = idOf(request.query);
        if (!(await fastify.pages.exists(kind, id))) throw pageNotFound(kind);
        const expires = Math.floor(Date.now() / 1000) + (request.query.hours ?? PREVIEW_LINK_HOURS.default) * 3600;
        const token = await fastify.previewTokens.issue({ recordType: kind, recordId: id, expires });
        const expiresAt = new Date(expires * 1000).toISOString();
        // Who shared a draft, and until when (the token itself is a secret: not logged).
        await fastify.audit.record(fastify.db, request, { action: 'share-preview', recordType: kind, recordId: id, changes: { expiresAt: { from: null, to: expiresAt } } });
        return { token, path: `/preview/shared/${token}`, expiresAt };
      },
    );

    fastify.delete(
      `/${paths.remove}`,
      {
        config: admin,
        schema: {
          tags,
          description: `Deletes the ${lower}, its component assignments and its banner image; menu items pointing to it lose their page.`,
          querystring: IdQuery('id'),
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        const { images } = await fastify.pages.remove(kind, request.query.id);
        await releaseImages(fastify, request, images);
        return { message: `${noun} deleted successfully` };
      },
    );

    fastify.post(
      `/${paths.assign}`,
      {
        config: admin,
        schema: {
          tags,
          description: `Appends a component to the ${lower}: \`type=CONTENTSECTION\` with a content section id, or \`type=BANNER\` with a banner id in \`contentSectionId\`. Empty body. Answers the assignment id.`,
          querystring: AssignComponentQuerySchema(idParam),
          response: { 200: CreatedResponseSchema },
        },
      },
      async (request) => {
        const { contentSectionId, type } = request.query;
        if (type === undefined) throw fieldError('type', MESSAGES.component.typeAndComponentRequired);
        if (contentSectionId === undefined) throw fieldError('contentSectionId', MESSAGES.component.typeAndComponentRequired);
        const id = await fastify.pages.assign(kind, idOf(request.query), type, contentSectionId);
        return { message: `Content added to the ${lower} successfully`, id };
      },
    );

    fastify.delete(
      '/UnassignContentSection',
      {
        config: admin,
        schema: {
          tags,
          description: `Removes a component from its ${lower} (the content section or banner itself stays).`,
          querystring: UnassignComponentQuerySchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await fastify.pages.unassign(kind, request.query.contentSectionBannerId);
        return { message: `Content removed from the ${lower} successfully` };
      },
    );

    fastify.put(
      `/${paths.sort}`,
      {
        config: admin,
        schema: {
          tags,
          description: `New order of one ${lower}'s components: \`[{ id, sortOrder }]\` of assignment ids, saved in one transaction (an unknown or foreign id saves nothing).`,
          body: SortItemsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await fastify.pages.sortComponents(kind, request.body);
        return { message: `${noun} content sorted successfully` };
      },
    );

    fastify.delete(
      '/DeleteBannerImage',
      {
        config: admin,
        schema: { tags, description: `Removes the ${lower}'s banner image, from its draft too; its file is deleted once no revision names it.`, querystring: byId, response: { 200: MessageResponseSchema } },
      },
      async (request) => {
        const { images } = await fastify.pages.clearBannerImage(kind, idOf(request.query));
        await releaseImages(fastify, request, images);
        return { message: 'Banner image removed successfully' };
      },
    );
  };
}
