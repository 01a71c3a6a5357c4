/**
 * Banner items (spec §7 "BannerItem/…"): the slides of a banner. Admins only. Each call changes the
 * published banner at once and keeps a revision of it; a draft the banner has takes the same change
 * (plugins/app/banner-drafts.ts). The editor saves drafts instead (`Banner/SaveBannerDraft`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateBannerItemSchema,
  CreatedResponseSchema,
  IdQuery,
  MessageResponseSchema,
  SECTION_MESSAGES,
  SortItemsSchema,
  UpdateBannerItemSchema,
} from '@deals/contract';
import { HttpError, fieldErrors } from '../../../errors.js';
import { bannerItemImages, prepareBannerItem } from '../../../plugins/app/banners.js';
import { withUploads } from '../../../plugins/app/content-sections.js';
import { isUpload } from '../../../plugins/app/images.js';

const admin = { access: 'admin' } as const;
const multipart = ['multipart/form-data', 'application/json'];

const bannerItem: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = fastify.banners;

  fastify.post(
    '/CreateBannerItem',
    {
      config: admin,
      schema: {
        description:
          'Multipart form with `image` (required) and `bannerId`; the item goes after the banner\'s last one. Layout flags and locked alignments follow the type; `description` is sanitised. Published at once, with a revision of the banner.',
        consumes: multipart,
        body: CreateBannerItemSchema,
        response: { 200: CreatedResponseSchema },
      },
    },
    async (request) => {
      const { bannerId, image, ...body } = request.body;
      if (!(await repo.exists(bannerId))) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
      const errors: Record<string, string> = {};
      const values = prepareBannerItem(body, isUpload(image), errors);
      const failed = fieldErrors(errors);
      if (failed) throw failed;
      const id = await withUploads(fastify.images, { image }, (saved) => repo.createItem(bannerId, { ...values, imagePath: saved.image ?? '' }, fastify.audit.trail(request), fastify.bannerDrafts.directWrite(request)));
      return { message: SECTION_MESSAGES.bannerItemCreated, id };
    },
  );

  fastify.put(
    '/UpdateBannerItem',
    {
      config: admin,
      schema: {
        description: 'The create form plus `id` (`bannerId` is ignored: an item stays in its banner). A sent `image` replaces the stored one.',
        consumes: multipart,
        body: UpdateBannerItemSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { id, image, bannerId: _ignored, ...body } = request.body;
      const existing = await repo.itemRow(id);
      if (!existing) throw new HttpError(404, SECTION_MESSAGES.bannerItemNotFound);
      const errors: Record<string, string> = {};
      const values = prepareBannerItem(body, isUpload(image) || Boolean(existing.imagePath), errors);
      const failed = fieldErrors(errors);
      if (failed) throw failed;
      await withUploads(fastify.images, { image }, async (saved) => {
        if (!(await repo.updateItem(id, { ...values, imagePath: saved.image ?? existing.imagePath }, fastify.audit.trail(request), fastify.bannerDrafts.directWrite(request)))) {
          throw new HttpError(404, SECTION_MESSAGES.bannerItemNotFound);
        }
      });
      await fastify.images.release(bannerItemImages(existing));
      return { message: SECTION_MESSAGES.bannerItemUpdated };
    },
  );

  fastify.delete(
    '/DeleteBannerItem',
    { config: admin, schema: { description: 'Deletes the item; its image is removed.', querystring: IdQuery('id'), response: { 200: MessageResponseSchema } } },
    async (request) => {
      const deleted = await repo.deleteItem(request.query.id, fastify.audit.trail(request), fastify.bannerDrafts.directWrite(request));
      if (!deleted) throw new HttpError(404, SECTION_MESSAGES.bannerItemNotFound);
      await fastify.images.release(bannerItemImages(deleted));
      return { message: SECTION_MESSAGES.bannerItemDeleted };
    },
  );

  fastify.put(
    '/SortBannerItems',
    {
      config: admin,
      schema: {
        description: 'Body `[{ id, sortOrder }]`: items of one banner, each once, saved in one transaction.',
        body: SortItemsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await repo.sortItems(request.body, fastify.audit.trail(request), fastify.bannerDrafts.directWrite(request));
      return { message: SECTION_MESSAGES.bannerItemsSorted };
    },
  );
};

export default bannerItem;
