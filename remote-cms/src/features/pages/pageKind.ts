import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import { CMS, defineDocumentKind } from '../../components/document';

/** Pages: the Page controller's calls (spec 2 §7), routes and words. */
export const PAGE_KIND = defineDocumentKind({
  isBlog: false,
  idParam: 'pageId',
  calls: {
    getAll: 'Page/GetAllPages',
    exportCsv: 'Page/ExportPagesCsv',
    getById: 'Page/GetPageById',
    create: 'Page/CreatePage',
    update: 'Page/UpdatePage',
    remove: 'Page/DeletePage',
    deleteBannerImage: 'Page/DeleteBannerImage',
    options: 'ContentSection/GetContentSectionOptions',
    assign: 'Page/AssignContentSectionToPage',
    unassign: 'Page/UnassignContentSection',
    sort: 'Page/SortPageContentSections',
    saveDraft: 'Page/SavePageDraft',
    publish: 'Page/PublishPage',
    unpublish: 'Page/UnpublishPage',
    discardDraft: 'Page/DiscardPageDraft',
    schedule: 'Page/SchedulePage',
    createPreviewLink: 'Page/CreatePagePreviewLink',
  },
  paths: { list: `${CMS}/pages`, create: `${CMS}/page`, edit: (id) => `${CMS}/page/edit/${id}` },
  texts: {
    listTitle: 'Pages',
    newButton: 'New Page',
    newTitle: 'New Page',
    editTitle: 'Page Details',
    noun: 'Page',
    nameLabel: 'Page Name',
    nameRequired: MESSAGES.page.nameRequired,
    createButton: 'Create Page',
    bannerSection: 'Page Banner',
    contentSection: 'Page Content',
    previewButton: 'Preview Page',
    sortButton: 'Sort',
    notFound: CMS_MESSAGES.pageNotFound,
    csvName: 'pages',
  },
  limits: LIMITS.page,
  hasTitle: true,
});
