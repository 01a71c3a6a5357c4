/** Blogs (spec §7 "Blog/…"): pages with `isBlog`, so they share the page calls' implementation. */
import { CreateBlogBodySchema, UpdateBlogBodySchema } from '@deals/contract';
import { documentRoutes } from '../Page/document-routes.js';

export default documentRoutes({
  kind: 'blog',
  noun: 'Blog',
  idParam: 'blogId',
  paths: {
    exportCsv: 'ExportBlogsCsv',
    getAll: 'GetAllBlogs',
    getById: 'GetBlogById',
    preview: 'GetBlogPreview',
    create: 'CreateBlog',
    update: 'UpdateBlog',
    remove: 'DeleteBlog',
    assign: 'AssignContentSectionToBlog',
    sort: 'SortBlogContentSections',
  },
  createBody: CreateBlogBodySchema,
  updateBody: UpdateBlogBodySchema,
});
