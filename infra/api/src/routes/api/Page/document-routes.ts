/**
 * The routes the `Page` and `Blog` controllers share (the same calls under their own names): pages
 * and blogs are one table, so one implementation keeps their rules identical. Admins only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
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
  pageUrlProblem,
  type CreatePageBody,
  type CreatePageBodySchema,
  type PageListItem,
  type PageSnapshot,
  type UpdatePageBody,
  type UpdatePageBodySchema,
} from '@deals/contract';
import { TablePageSchema } from '@deals/contract/tables';
import { fieldError } from '../../../errors.js';
import { sameSnapshot, type Tx } from '../../../plugins/app/editorial.js';
import { actorOf } from '../../../plugins/app/revisions.js';
import { pageNotFound, type PageFields } from '../../../plugins/app/page-rules.js';
import { parseFlag, staffViewer } from '../../../plugins/app/viewer.js';
import { releaseImages, type DocumentContext, type DocumentNames } from './document-context.js';
import { documentComponentRoutes } from './document-component-routes.js';
import { documentEditorialRoutes } from './document-editorial-routes.js';

/** Trimmed text, or null when absent or blank (an emptied form field clears the value). */
export const cleanText = (value: string | null | undefined): string | null => value?.trim() || null;

export interface DocumentRoutesOptions extends DocumentNames {
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


export function documentRoutes(options: DocumentRoutesOptions): FastifyPluginAsyncTypebox {
  const { kind, noun, idParam, paths } = options;
  const lower = noun.toLowerCase();
  const admin = { access: 'admin' as const };
  const tags = [noun];
  // Typed with both keys (the union of the two controllers); at run time only `idParam` is there.
  const byId = IdQuery(idParam);
  const idOf = (query: Record<'pageId' | 'blogId', number>) => query[idParam];
  const table = kind === 'blog' ? 'blogs' : 'pages';
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
        const json = await fastify.adminTables.pageJson(table, { ...query, isActive: parseFlag(isActive) });
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
        return fastify.adminTables.sendCsv(reply, table, { ...query, isActive: parseFlag(isActive) }, timeZone);
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
        await fastify.editorial.edit(editorialKind, id, async (tx, { draft, published }) => {
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

    const context: DocumentContext = { kind, noun, idParam, paths, lower, admin, tags, byId, idOf, saveBody, updateBody: options.updateBody };
    documentEditorialRoutes(fastify, context);
    documentComponentRoutes(fastify, context);
  };
}
