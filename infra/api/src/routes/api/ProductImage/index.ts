/**
 * A deal's images (spec §7 "ProductImage/…"), changed only by the staff member who added the deal
 * or an admin. Files are stored before the transaction and released after it commits.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { DEAL_MESSAGES, ImageIdQuerySchema, MAX_IMAGES_PER_UPLOAD, MessageResponseSchema, UploadImagesBodySchema } from '@deals/contract';
import { fieldError, HttpError } from '../../../errors.js';
import { created, deleted, updated } from '../../../plugins/app/audit.js';
import { idFrom, OWN_DEAL_RULE, withStoredImages } from '../../../plugins/app/deal-ownership.js';
import { isUpload } from '../../../plugins/app/images.js';

const imageIdOf = idFrom('query', 'imageId');

const productImage: FastifyPluginAsyncTypebox = async (fastify) => {
  /** The deal of the `?imageId=` image, for the ownership guard (404 "Image not found" when there is none). */
  const dealOfImage = async (request: FastifyRequest) => {
    const imageId = imageIdOf(request);
    return imageId === null ? null : fastify.deals.productIdOfImage(imageId);
  };

  // The image writes run in the deals repository: their entries are recorded once they committed.
  const imageRow = (id: number) => fastify.deals.image(id);
  const imagesOf = (productId: number) => fastify.deals.images(productId);

  fastify.post(
    '/UploadImages',
    {
      config: { access: 'staff', rule: OWN_DEAL_RULE },
      preHandler: fastify.dealOwnerOrAdmin(idFrom('body', 'productId')),
      schema: {
        description: `Adds images to a deal (multipart \`productId\` and \`files\`, repeated, at most ${MAX_IMAGES_PER_UPLOAD}). Each file is checked by its bytes; if any is refused (415/413) none is kept. A deal without a preview gets the first one as preview.`,
        consumes: ['multipart/form-data'],
        body: UploadImagesBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { productId, files } = request.body;
      const uploads = [files].flat();
      if (uploads.length === 0 || !uploads.every(isUpload)) throw fieldError('files', DEAL_MESSAGES.imagesRequired);
      if (uploads.length > MAX_IMAGES_PER_UPLOAD) throw fieldError('files', DEAL_MESSAGES.tooManyImages);
      await withStoredImages(fastify.images, uploads, async (names) => {
        // Stored names come from the bytes: an image the deal has already is not added again.
        const had = new Set((await imagesOf(productId)).map((image) => image.id));
        if (!(await fastify.deals.addImages(productId, names))) throw new HttpError(404, DEAL_MESSAGES.notFound);
        for (const image of await imagesOf(productId)) {
          if (!had.has(image.id)) await fastify.audit.recordNow(request, created('dealImage', image));
        }
      });
      return { message: DEAL_MESSAGES.imagesUploaded };
    },
  );

  fastify.put(
    '/SetPreviewImage',
    {
      config: { access: 'staff', rule: OWN_DEAL_RULE },
      preHandler: fastify.dealOwnerOrAdmin(dealOfImage, DEAL_MESSAGES.imageNotFound),
      schema: { description: "Makes the image its deal's only preview.", querystring: ImageIdQuerySchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const before = await imageRow(request.query.imageId);
      if (!before || !(await fastify.deals.setPreview(request.query.imageId))) throw new HttpError(404, DEAL_MESSAGES.imageNotFound);
      await fastify.audit.recordNow(request, updated('dealImage', before, { isPreviewImage: true }));
      return { message: DEAL_MESSAGES.previewSet };
    },
  );

  fastify.delete(
    '/DeleteImage',
    {
      config: { access: 'staff', rule: OWN_DEAL_RULE },
      preHandler: fastify.dealOwnerOrAdmin(dealOfImage, DEAL_MESSAGES.imageNotFound),
      schema: {
        description:
          "Deletes the image and its file (unless something else shows it). When it was the preview, the oldest remaining image becomes the preview; the deal's last image may be deleted too.",
        querystring: ImageIdQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const before = await imageRow(request.query.imageId);
      const released = before ? await fastify.deals.deleteImage(request.query.imageId) : null;
      if (!before || released === null) throw new HttpError(404, DEAL_MESSAGES.imageNotFound);
      await fastify.audit.recordNow(request, deleted('dealImage', before));
      await fastify.images.release([released]);
      return { message: DEAL_MESSAGES.imageDeleted };
    },
  );
};

export default productImage;
