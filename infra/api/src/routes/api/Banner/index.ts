/** Banners (spec §7 "Banner/…"): dynamic banners made of ordered banner items. Admins only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AdminBannerSchema,
  BannerListItemSchema,
  CreateBannerSchema,
  CreatedResponseSchema,
  ExportBannersQuerySchema,
  GetAllBannersQuerySchema,
  IdQuery,
  MessageResponseSchema,
  MESSAGES,
  REVISION_MESSAGES,
  SaveBannerDraftSchema,
  ScheduleBodySchema,
  SECTION_MESSAGES,
  UpdateBannerSchema,
  type BannerItemSnapshot,
  type BannerListItem,
  type BannerSnapshot,
  type SaveBannerDraft,
  type CreateBanner,
} from '@deals/contract';
import { TablePageSchema } from '@deals/contract/tables';
import { HttpError, fieldErrors } from '../../../errors.js';
import { bannerItemSnapshot, bannerSnapshot, bannerSnapshotImages, bannerSnapshotOver } from '../../../plugins/app/banner-drafts.js';
import { prepareBannerItem, type BannerValues } from '../../../plugins/app/banners.js';
import { STORED_NAME } from '../../../plugins/app/images.js';
import { parseFlag } from '../../../plugins/app/viewer.js';

const admin = { access: 'admin' } as const;
const forms = ['application/json', 'multipart/form-data'];

const banner: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = fastify.banners;
  const drafts = fastify.bannerDrafts;

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
        response: { 200: Type.Union([Type.Array(BannerListItemSchema), TablePageSchema(BannerListItemSchema)]) },
      },
    },
    async (request, reply) => {
      const { isActive, ...query } = request.query;
      if (query.page === undefined && query.pageSize === undefined) return repo.list({ isActive: parseFlag(isActive) });
      // PostgreSQL writes the page's JSON (tablePageJson): the string is sent as it is.
      const json = await fastify.adminTables.pageJson('banners', { ...query, isActive: parseFlag(isActive) });
      return reply.type('application/json; charset=utf-8').send(json as unknown as BannerListItem[]);
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
      return fastify.adminTables.sendCsv(reply, 'banners', { ...query, isActive: parseFlag(isActive) }, timeZone);
    },
  );

  fastify.get(
    '/GetBannerById',
    {
      config: admin,
      schema: {
        description:
          'The published banner with its `bannerItems` in their sort order, plus `draft` (the unpublished banner and items the editor works on, null: none) and `editorial` (hasDraft, schedule, last published).',
        querystring: IdQuery('bannerId'),
        response: { 200: AdminBannerSchema },
      },
    },
    async (request) => {
      const found = await repo.get(request.query.bannerId);
      if (!found) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
      const editorial = await fastify.editorial.state(drafts.kind, found.id);
      return { ...found, draft: (editorial?.draft as BannerSnapshot | null) ?? null, ...(editorial && { editorial: editorial.state }) };
    },
  );

  fastify.post(
    '/CreateBanner',
    {
      config: admin,
      schema: {
        description: 'JSON `{ name, isActive, pageId?, blogId? }`. Published at once (its first revision, `create`).',
        consumes: forms,
        body: CreateBannerSchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const id = await repo.create(await bannerValues(request.body, false), fastify.audit.trail(request), (tx, created) => drafts.recordCreated(tx, request, created));
      return { message: SECTION_MESSAGES.bannerCreated, id };
    },
  );

  fastify.put(
    '/UpdateBanner',
    {
      config: admin,
      schema: {
        description:
          'JSON `{ id, name, isActive, pageId?, blogId? }`; absent `pageId`/`blogId` keep their values. Published at once, with a revision; a draft the banner has takes the same change (the editor saves drafts instead: `SaveBannerDraft`, then `PublishBanner`).',
        consumes: forms,
        body: UpdateBannerSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { id, ...body } = request.body;
      if (!(await repo.update(id, await bannerValues(body, true), fastify.audit.trail(request), drafts.directWrite(request)))) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
      return { message: SECTION_MESSAGES.bannerUpdated };
    },
  );

  fastify.delete(
    '/DeleteBanner',
    {
      config: admin,
      schema: {
        description: "Deletes the banner, its items, its page/blog assignments, its draft and its revisions; the images only they named are removed.",
        querystring: IdQuery('id'),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const images = await repo.delete(request.query.id, fastify.audit.trail(request), drafts.removeHistory);
      if (!images) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
      await fastify.images.release(images);
      return { message: SECTION_MESSAGES.bannerDeleted };
    },
  );
  /** Whether a draft item's image is an image we stored (the name alone proves nothing). */
  const isStoredImage = async (name: string) => STORED_NAME.test(name) && (await fastify.images.blobs.exists(name));

  /**
   * The body as a banner snapshot, checked with UpdateBanner's and the item form's rules (errors of
   * item `n` keyed `items.n.<field as CreateBannerItem names it>`, same messages). Ids that are not
   * published items of this banner are new items; an item sent without `imagePath` keeps the image
   * the draft or the published banner gives it.
   */
  async function draftSnapshot(body: Omit<SaveBannerDraft, 'id'>, base: BannerSnapshot, published: BannerSnapshot): Promise<BannerSnapshot> {
    const errors: Record<string, string> = {};
    await fastify.contentSections.checkOrigin(body, errors);
    const publishedIds = new Set(published.items.map((item) => item.id));
    const knownImage = new Map<number, string | null>();
    for (const item of [...published.items, ...base.items]) if (item.id !== null && !knownImage.has(item.id)) knownImage.set(item.id, item.imagePath);
    const seen = new Set<number>();
    const items: BannerItemSnapshot[] = [];
    for (const [index, item] of body.items.entries()) {
      const { id: sentId, imagePath: sentImage, sortOrder: _ignored, ...fields } = item;
      const id = sentId && publishedIds.has(sentId) ? sentId : null;
      const itemErrors: Record<string, string> = {};
      if (id !== null && seen.has(id)) itemErrors.id = SECTION_MESSAGES.sortDuplicate;
      if (id !== null) seen.add(id);
      const imagePath = sentImage?.trim() || (id !== null ? (knownImage.get(id) ?? null) : null);
      const values = prepareBannerItem(fields, Boolean(imagePath), itemErrors);
      if (imagePath && !itemErrors.image && !(await isStoredImage(imagePath))) itemErrors.image = MESSAGES.bannerItem.imageRequired;
      for (const [field, message] of Object.entries(itemErrors)) errors[`items.${index}.${field}`] = message;
      items.push(bannerItemSnapshot({ ...values, id, imagePath }, index));
    }
    const failed = fieldErrors(errors);
    if (failed) throw failed;
    return bannerSnapshot({ name: body.name.trim(), isActive: body.isActive ?? base.isActive, items });
  }

  fastify.put(
    '/SaveBannerDraft',
    {
      config: admin,
      schema: {
        description:
          'Keeps the banner and its items as its draft; the public site keeps showing the published banner. JSON: `UpdateBanner`\'s body plus `items`, the banner\'s items in order, each with `BannerItem/CreateBannerItem`\'s fields (same rules and messages; errors keyed `items.<n>.<field>`), ' +
          '`id` (a published item; null for a new one) and `imagePath`: the stored name of its image, uploaded first with `ContentSection/UploadImageToContentSection` (its `filePath`); absent on a published item, its image stays. ' +
          'An item left out is deleted when the draft is published. A draft equal to the published banner is no draft. `pageId`/`blogId`, which the public site does not show, are saved at once.',
        body: SaveBannerDraftSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { id, ...body } = request.body;
      let before: string[] = [];
      await fastify.editorial.edit(drafts.kind, id, async (tx, { draft, published }) => {
        const base = draft ? bannerSnapshotOver(published, draft) : published;
        const snapshot = await draftSnapshot(body, base, published);
        before = bannerSnapshotImages(draft);
        await fastify.editorial.saveDraftIn(tx, drafts.kind, request, id, snapshot);
        // The origin is bookkeeping, not published content: as UpdateBanner, absent keeps it.
        const origin: Pick<BannerValues, 'pageId' | 'blogId'> = {};
        if (body.pageId !== undefined) origin.pageId = body.pageId ?? null;
        if (body.blogId !== undefined) origin.blogId = body.blogId ?? null;
        await fastify.banners.setOrigin(tx, id, origin, fastify.audit.trail(request));
      });
      // Images only the replaced draft named (release keeps what anything still names).
      await fastify.images.release(before);
      return { message: REVISION_MESSAGES.draftSaved };
    },
  );

  fastify.put(
    '/PublishBanner',
    {
      config: admin,
      schema: {
        description:
          'Makes the draft the public banner (its fields and items: kept items keep their ids, new ones are added, items left out deleted) and keeps a revision; without a draft, makes an inactive banner active. Clears a scheduled publish.',
        querystring: IdQuery('bannerId'),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const id = request.query.bannerId;
      let before: string[] = [];
      await fastify.editorial.edit(drafts.kind, id, async (tx, { published }) => {
        before = bannerSnapshotImages(published);
        await fastify.editorial.publishIn(tx, drafts.kind, request, id);
      });
      await fastify.images.release(before);
      return { message: REVISION_MESSAGES.published };
    },
  );

  fastify.put(
    '/UnpublishBanner',
    {
      config: admin,
      schema: {
        description: 'Takes the banner off the public site (inactive) and keeps a revision; its draft stays. Clears a scheduled unpublish.',
        querystring: IdQuery('bannerId'),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.editorial.unpublish(drafts.kind, request, request.query.bannerId);
      return { message: REVISION_MESSAGES.unpublished };
    },
  );

  fastify.delete(
    '/DiscardBannerDraft',
    {
      config: admin,
      schema: { description: "Drops the banner's unpublished changes (fields and items).", querystring: IdQuery('bannerId'), response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const id = request.query.bannerId;
      const state = await fastify.editorial.state(drafts.kind, id);
      if (!state) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
      await fastify.editorial.discardDraft(drafts.kind, request, id);
      // The draft's own images go when nothing else names them (release checks).
      await fastify.images.release(bannerSnapshotImages(state.draft));
      return { message: REVISION_MESSAGES.draftDiscarded };
    },
  );

  fastify.put(
    '/ScheduleBanner',
    {
      config: admin,
      schema: {
        description:
          'Publish the draft at `publishAt` and take the banner off the site at `unpublishAt` (each in the future, unpublish after publish; null clears one). Run by the job queue, once, on one instance, across restarts.',
        querystring: IdQuery('bannerId'),
        body: ScheduleBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.editorial.schedule(drafts.kind, request, request.query.bannerId, request.body);
      return { message: REVISION_MESSAGES.scheduleSaved };
    },
  );
};

export default banner;
