import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import { CMS, defineDocumentKind } from '../../components/document';

/** Blogs: the Blog controller's calls (spec 2 §7), routes and words. */
export const BLOG_KIND = defineDocumentKind({
  isBlog: true,
  idParam: 'blogId',
  calls: {
    getAll: 'Blog/GetAllBlogs',
    exportCsv: 'Blog/ExportBlogsCsv',
    getById: 'Blog/GetBlogById',
    create: 'Blog/CreateBlog',
    update: 'Blog/UpdateBlog',
    remove: 'Blog/DeleteBlog',
    deleteBannerImage: 'Blog/DeleteBannerImage',
    options: 'ContentSection/GetContentSectionOptionsForBlog',
    assign: 'Blog/AssignContentSectionToBlog',
    unassign: 'Blog/UnassignContentSection',
    sort: 'Blog/SortBlogContentSections',
    saveDraft: 'Blog/SaveBlogDraft',
    publish: 'Blog/PublishBlog',
    unpublish: 'Blog/UnpublishBlog',
    discardDraft: 'Blog/DiscardBlogDraft',
    schedule: 'Blog/ScheduleBlog',
    createPreviewLink: 'Blog/CreateBlogPreviewLink',
  },
  paths: { list: `${CMS}/blogs`, create: `${CMS}/blog`, edit: (id) => `${CMS}/blog/edit/${id}` },
  texts: {
    listTitle: 'Blogs',
    newButton: 'New Blog',
    newTitle: 'New Blog',
    editTitle: 'Blog Details',
    noun: 'Blog',
    nameLabel: 'Blog Name',
    // The spec's blog form reuses the menu item wording ("Menu Item Name is required").
    nameRequired: MESSAGES.blog.nameRequired,
    createButton: 'Create Blog',
    bannerSection: 'Blog Banner',
    contentSection: 'Blog Content',
    previewButton: 'Preview Blog',
    sortButton: 'Sort Items',
    notFound: CMS_MESSAGES.blogNotFound,
    csvName: 'blogs',
  },
  limits: LIMITS.blog,
  hasTitle: false,
});
