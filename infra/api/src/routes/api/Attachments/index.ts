/**
 * `GET /api/Attachments/{filePath}`: stored images. Names are content hashes, so a file never
 * changes under its name and may be cached for a year, whichever store holds the bytes (a folder
 * or a bucket). Only names the image store could have written are served: no path can reach
 * outside the uploads.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IMAGE_WIDTHS, MESSAGES, type ImageWidth } from '@deals/contract';
import { HttpError } from '../../../errors.js';

const attachments: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:filePath',
    {
      config: { access: 'public' },
      schema: {
        description: 'An uploaded image by its stored name, e.g. `3f1c…9a.jpg`, or its WebP rendition `3f1c…9a.webp`.',
        params: Type.Object({ filePath: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          w: Type.Optional(
            Type.Integer({
              enum: [...IMAGE_WIDTHS],
              description: 'Answer a WebP at most this wide (the public site\'s srcset steps)',
              messages: { enum: `w must be one of ${IMAGE_WIDTHS.join(', ')}`, type: `w must be one of ${IMAGE_WIDTHS.join(', ')}` },
            }),
          ),
        }),
      },
    },
    async (request, reply) => {
      const { filePath } = request.params;
      const width = request.query.w as ImageWidth | undefined;
      const image = await fastify.images.open(filePath, width);
      if (!image) throw new HttpError(404, MESSAGES.notFound);
      const etag = `"${filePath}${width ? `-${width}` : ''}"`;
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        image.stream.destroy();
        return reply.code(304).send();
      }
      return reply
        .type(image.contentType)
        .header('content-length', image.size)
        .header('x-content-type-options', 'nosniff')
        .send(image.stream);
    },
  );
};

export default attachments;
