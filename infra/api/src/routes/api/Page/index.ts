/** CMS pages (spec §7 "Page/…"). The calls are shared with blogs; see document-routes.ts. */
import { CreatePageBodySchema, UpdatePageBodySchema } from '@deals/contract';
import { documentRoutes } from './document-routes.js';

export default documentRoutes({
  kind: 'page',
  noun: 'Page',
  idParam: 'pageId',
  paths: {
    exportCsv: 'ExportPagesCsv',
    getAll: 'GetAllPages',
    getById: 'GetPageById',
    preview: 'GetPagePreview',
    create: 'CreatePage',
    update: 'UpdatePage',
    remove: 'DeletePage',
    assign: 'AssignContentSectionToPage',
    sort: 'SortPageContentSections',
  },
  createBody: CreatePageBodySchema,
  updateBody: UpdatePageBodySchema,
});
