/**
 * `Home/GetDynamicPage` and `Home/GetDynamicBlog`: a CMS page or blog as the public site renders
 * it. Public, and only ever active records with their active components: staff preview drafts
 * through the admin calls, never here.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BlogPostSchema, DynamicPageQuerySchema, DynamicPageSchema } from '@deals/contract';
import { pageNotFound, type PageKind } from '../../../plugins/app/page-rules.js';

const dynamicPages: FastifyPluginAsyncTypebox = async (fastify) => {
  const route = (path: string, kind: PageKind) =>
    fastify.get(
      path,
      {
        config: { access: 'public' },
        schema: {
          tags: ['Home'],
          description: `An active ${kind} with its active components in order (\`pageContentSectionBanners[]\`: each a content section, or a banner with its items); 404 when absent or inactive.`,
          querystring: DynamicPageQuerySchema,
          response: { 200: DynamicPageSchema },
        },
      },
      async (request) => {
        const page = await fastify.pages.render(kind, request.query.dynamicPageId);
        if (!page) throw pageNotFound(kind);
        return page;
      },
    );
  route('/GetDynamicPage', 'page');
  route('/GetDynamicBlog', 'blog');

  fastify.get(
    '/GetBlogPosts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Home'],
        description: 'Active blogs, newest first, as the public Blog Posts list and the home page show them.',
        response: { 200: Type.Array(BlogPostSchema) },
      },
    },
    async () =>
      (await fastify.pages.list('blog', true)).map(({ id, name, url, bannerImageFilePath, description, addedBy, addedOn }) => ({
        id,
        name,
        url,
        bannerImageFilePath,
        description,
        addedBy,
        addedOn,
      })),
  );
};

export default dynamicPages;
