/**
 * Shareable preview links: `GET Preview/GetSharedPreview?token=` answers the draft of the
 * page or blog the token names, as `/preview` draws it, to anyone holding an unexpired link (made
 * by `Page/CreatePagePreviewLink` or `Blog/CreateBlogPreviewLink`). Never cached, never indexed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DynamicPageSchema, REVISION_MESSAGES } from '@deals/contract';
import { HttpError } from '../../../errors.js';

const preview: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetSharedPreview',
    {
      config: { access: 'public' },
      schema: {
        description: 'The draft of the page or blog a shareable preview link names (inactive components included), while the link has not expired; 404 otherwise.',
        querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: { 200: Type.Composite([DynamicPageSchema, Type.Object({ expiresAt: Type.String({ format: 'date-time' }) })]) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const claims = await fastify.previewTokens.verify(request.query.token);
      const page = claims && (await fastify.pages.render(claims.recordType, claims.recordId, { drafts: true }));
      if (!claims || !page) throw new HttpError(404, REVISION_MESSAGES.previewLinkInvalid);
      return { ...page, expiresAt: new Date(claims.expires * 1000).toISOString() };
    },
  );
};

export default preview;
