/**
 * Pages, blogs (one table, `isBlog`), their ordered components, menu items and footer items:
 * the shapes the API answers, the request schemas (spec §5 rules and messages) and the url and
 * link rules, as pure functions the forms can run too.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FileField, Flag, HexColor, IdQuery, IdSchema, Nullable, OptionalText, RequiredText } from './common.ts';
import { COMPONENT_TYPES } from './enums.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { BannerSchema, ContentSectionSchema } from './sections.ts';

// The limits, messages, url and link rules of this area live in the pure `page-rules` module
// (the CMS forms read them too); re-exported here for the server code.
export * from './page-rules.ts';
import { CMS_LIMITS, CMS_MESSAGES } from './page-rules.ts';
import { EditorialStateSchema } from './revisions.ts';

// ---------------------------------------------------------------------------------------------
// Components of a page or blog
// ---------------------------------------------------------------------------------------------

export const ComponentTypeSchema = Type.Unsafe<(typeof COMPONENT_TYPES)[number]>(Type.String({ enum: [...COMPONENT_TYPES] }));

/**
 * One entry of a page's or blog's component list as the editor shows it (`contentSections[]` in
 * the spec): `id` is the assignment id (`contentSectionBannerId` of the Unassign calls).
 */
export const PageComponentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: ComponentTypeSchema,
  bannerId: Nullable(Type.Integer()),
  contentSectionId: Nullable(Type.Integer()),
  sortOrder: Type.Integer(),
});
export type PageComponent = Static<typeof PageComponentSchema>;

/**
 * One component as the public site renders it (`pageContentSectionBanners[]`): the content
 * section or the banner with its items, in page order.
 */
export const RenderedComponentSchema = Type.Object({
  id: Type.Integer(),
  type: ComponentTypeSchema,
  bannerId: Nullable(Type.Integer()),
  banner: Nullable(BannerSchema),
  contentSectionId: Nullable(Type.Integer()),
  contentSection: Nullable(ContentSectionSchema),
});
export type RenderedComponent = Static<typeof RenderedComponentSchema>;

/** Both component ids of the Assign calls carry the spec's one message (type or component missing). */
const componentChoice = { messages: { type: MESSAGES.component.typeAndComponentRequired, minimum: MESSAGES.component.typeAndComponentRequired, maximum: MESSAGES.component.typeAndComponentRequired, enum: MESSAGES.component.typeAndComponentRequired } };

/** `?{owner}=&contentSectionId=&type=` of the Assign calls; `contentSectionId` and `type` are checked by the handler when missing. */
export const AssignComponentQuerySchema = <K extends 'pageId' | 'blogId'>(owner: K) =>
  Type.Object({
    ...IdQuery(owner).properties,
    /** The content section id, or the banner id when `type=BANNER`. */
    contentSectionId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, ...componentChoice })),
    type: Type.Optional(Type.Unsafe<(typeof COMPONENT_TYPES)[number]>(Type.String({ enum: [...COMPONENT_TYPES], ...componentChoice }))),
  });

/** `Page/AssignContentSectionToPage?pageId=&contentSectionId=&type=BANNER|CONTENTSECTION`. */
export const AssignToPageQuerySchema = AssignComponentQuerySchema('pageId');
export type AssignToPageQuery = Static<typeof AssignToPageQuerySchema>;
/** `Blog/AssignContentSectionToBlog?blogId=&contentSectionId=&type=BANNER|CONTENTSECTION`. */
export const AssignToBlogQuerySchema = AssignComponentQuerySchema('blogId');
export type AssignToBlogQuery = Static<typeof AssignToBlogQuerySchema>;

export const UnassignComponentQuerySchema = IdQuery('contentSectionBannerId');

// ---------------------------------------------------------------------------------------------
// Pages and blogs
// ---------------------------------------------------------------------------------------------

/** A page or blog as the admin lists show it (Blog list: Added By, Added On). */
export const PageListItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  title: Nullable(Type.String()),
  url: Type.String(),
  isBannerVisible: Type.Boolean(),
  bannerImageFilePath: Nullable(Type.String()),
  bannerColor: Type.String(),
  keywords: Nullable(Type.String()),
  description: Nullable(Type.String()),
  isActive: Type.Boolean(),
  isBlog: Type.Boolean(),
  addedById: Nullable(Type.Integer()),
  /** The full name of the staff member who created it; null once that user is deleted. */
  addedBy: Nullable(Type.String()),
  addedOn: Type.String({ format: 'date-time' }),
  /** Editorial drafts: "Changes not published" (a draft differs from the public page). */
  hasDraft: Type.Optional(Type.Boolean()),
  /** The scheduled publish and unpublish, if any. */
  publishAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  unpublishAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
});
export type PageListItem = Static<typeof PageListItemSchema>;

/**
 * The editable fields of a page or blog as one value: what a draft holds, what a
 * revision keeps and what Publish copies into the page.
 */
export const PageSnapshotSchema = Type.Object({
  name: Type.String(),
  title: Nullable(Type.String()),
  url: Type.String(),
  keywords: Nullable(Type.String()),
  description: Nullable(Type.String()),
  isBannerVisible: Type.Boolean(),
  bannerColor: Type.String(),
  isActive: Type.Boolean(),
  bannerImageFilePath: Nullable(Type.String()),
});
export type PageSnapshot = Static<typeof PageSnapshotSchema>;

/** `GetPageById` / `GetBlogById`: the record plus its components in page order. */
export const PageSchema = Type.Composite([
  PageListItemSchema,
  Type.Object({
    contentSections: Type.Array(PageComponentSchema),
    /** Editorial drafts: the unpublished edits the editor works on (null: none), and the page's editorial state. */
    draft: Type.Optional(Nullable(PageSnapshotSchema)),
    editorial: Type.Optional(EditorialStateSchema),
  }),
]);
export type Page = Static<typeof PageSchema>;

/** Blogs have the page shape (`isBlog: true`); the names exist so clients read naturally. */
export const BlogListItemSchema = PageListItemSchema;
export type BlogListItem = PageListItem;
export const BlogSchema = PageSchema;
export type Blog = Page;

/** `Home/GetDynamicPage` / `Home/GetDynamicBlog`: an active page or blog with its active components. */
export const DynamicPageSchema = Type.Composite([
  Type.Omit(PageListItemSchema, ['isActive', 'addedById', 'hasDraft', 'publishAt', 'unpublishAt']),
  Type.Object({ pageContentSectionBanners: Type.Array(RenderedComponentSchema) }),
]);
export type DynamicPage = Static<typeof DynamicPageSchema>;
export const DynamicPageQuerySchema = IdQuery('dynamicPageId');

const pageFields = (nameLabel: string, nameRequired: string) => ({
  name: RequiredText({ label: nameLabel, max: LIMITS.page.name, required: nameRequired }),
  title: OptionalText({ label: 'Title', max: LIMITS.page.title }),
  /** Must begin with "/", a clean path, not a fixed route of the site, unique across pages and blogs. */
  url: RequiredText({ label: 'Url', max: LIMITS.page.url, required: MESSAGES.page.urlRequired }),
  isBannerVisible: Type.Optional(Flag('Is Banner Visible')),
  bannerColor: Type.Optional(HexColor('Banner Color', LIMITS.page.bannerColor)),
  keywords: OptionalText({ label: 'Keywords', max: LIMITS.page.keywords }),
  /** Plain text for search engines. */
  description: OptionalText({ label: 'Description', max: CMS_LIMITS.pageDescription }),
  isActive: Type.Optional(Flag('Is Active')),
  bannerImage: FileField('The banner image: JPEG, PNG, WebP or GIF, at most 10 MB. On update it replaces the current one.'),
});

const pageBody = (nameLabel: string, nameRequired: string) => Type.Object(pageFields(nameLabel, nameRequired));
const pageUpdateBody = (nameLabel: string, nameRequired: string) => Type.Object({ id: IdSchema('id'), ...pageFields(nameLabel, nameRequired) });

/**
 * `Page/CreatePage` (multipart or JSON). Defaults: active, banner visible, colour #000000.
 * `Page/UpdatePage` takes the same fields plus `id` and replaces the page's fields: an absent
 * optional text is cleared (an emptied form field arrives absent), absent flags and colour keep
 * their values, and the banner image is kept unless a new `bannerImage` comes (remove it with
 * `DeleteBannerImage`).
 */
export const CreatePageBodySchema = pageBody('Page Name', MESSAGES.page.nameRequired);
export type CreatePageBody = Static<typeof CreatePageBodySchema>;
export const UpdatePageBodySchema = pageUpdateBody('Page Name', MESSAGES.page.nameRequired);
export type UpdatePageBody = Static<typeof UpdatePageBodySchema>;
/** `Blog/CreateBlog`, `Blog/UpdateBlog`: as for pages; the name message is the spec's own (it reuses the menu item wording). */
export const CreateBlogBodySchema = pageBody('Blog Name', MESSAGES.blog.nameRequired);
export type CreateBlogBody = Static<typeof CreateBlogBodySchema>;
export const UpdateBlogBodySchema = pageUpdateBody('Blog Name', MESSAGES.blog.nameRequired);
export type UpdateBlogBody = Static<typeof UpdateBlogBodySchema>;

// ---------------------------------------------------------------------------------------------
// Menu items
// ---------------------------------------------------------------------------------------------

export const AssignedMenuItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  pageName: Nullable(Type.String()),
  isActive: Type.Boolean(),
});
export type AssignedMenuItem = Static<typeof AssignedMenuItemSchema>;

export const MenuItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  pageId: Nullable(Type.Integer()),
  pageName: Nullable(Type.String()),
  pageUrl: Nullable(Type.String()),
  parentMenuItemId: Nullable(Type.Integer()),
  /** The parent's name; null when top-level (the list shows "-"). */
  parentMenuItem: Nullable(Type.String()),
  customLink: Nullable(Type.String()),
  openInNewTab: Type.Boolean(),
  isActive: Type.Boolean(),
  sortOrder: Type.Integer(),
  /** Its children in menu order (empty for a child). */
  assignedMenuItems: Type.Array(AssignedMenuItemSchema),
});
export type MenuItem = Static<typeof MenuItemSchema>;

const menuItemFields = {
  name: RequiredText({ label: 'Menu Item Name', max: LIMITS.menuItem.name, required: MESSAGES.menuItem.nameRequired }),
  /** A page or blog; when set, `customLink` is ignored and stored as null (the form hides it). */
  pageId: Type.Optional(Nullable(IdSchema('pageId'))),
  /** A site path (`/deals`), an http(s) address, `mailto:` or `tel:`. */
  customLink: OptionalText({ label: 'Custom Link', max: LIMITS.menuItem.customLink }),
  openInNewTab: Type.Optional(Flag('Open In New Tab')),
  isActive: Type.Optional(Flag('Is Active')),
  /** On update: absent keeps the current parent, null makes the item top-level. */
  parentMenuItemId: Type.Optional(Nullable(IdSchema('parentMenuItemId'))),
};

/** `MenuItem/CreateMenuItem` (JSON). New items go to the end of the menu. */
export const CreateMenuItemBodySchema = Type.Object(menuItemFields);
export type CreateMenuItemBody = Static<typeof CreateMenuItemBodySchema>;
/**
 * `MenuItem/UpdateMenuItems` (JSON): `id` plus the create fields. Absent optional fields are
 * cleared (pageId, customLink) or keep their value (flags, parentMenuItemId).
 */
export const UpdateMenuItemBodySchema = Type.Object({ id: IdSchema('id'), ...menuItemFields });
export type UpdateMenuItemBody = Static<typeof UpdateMenuItemBodySchema>;

/** `MenuItem/AssignParentMenuItem`: makes these items children of `parentId`, appended in this order. */
export const AssignParentMenuItemBodySchema = Type.Object({
  parentId: IdSchema('parentId'),
  childMenuItemIds: Type.Array(IdSchema('childMenuItemIds'), {
    minItems: 1,
    maxItems: CMS_LIMITS.assignChildren,
    messages: { required: CMS_MESSAGES.menuChildrenRequired, minItems: CMS_MESSAGES.menuChildrenRequired, type: CMS_MESSAGES.menuChildrenRequired },
  }),
});
export type AssignParentMenuItemBody = Static<typeof AssignParentMenuItemBodySchema>;

// ---------------------------------------------------------------------------------------------
// Footer items
// ---------------------------------------------------------------------------------------------

export const FooterItemSchema = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  to: Type.String(),
  sortOrder: Type.Integer(),
});
export type FooterItem = Static<typeof FooterItemSchema>;

const footerItemFields = {
  label: RequiredText({ label: 'Footer label', max: LIMITS.footerItem.label, required: MESSAGES.footerItem.labelRequired }),
  /** A site path (`/deals`), an http(s) address, `mailto:` or `tel:`. */
  to: RequiredText({ label: 'Link', max: LIMITS.footerItem.to, required: MESSAGES.footerItem.toRequired }),
};

/** `FooterItem/CreateFooterItem` (JSON). New items go to the end of the footer. */
export const CreateFooterItemBodySchema = Type.Object(footerItemFields);
export type CreateFooterItemBody = Static<typeof CreateFooterItemBodySchema>;
export const UpdateFooterItemBodySchema = Type.Object({ id: IdSchema('id'), ...footerItemFields });
export type UpdateFooterItemBody = Static<typeof UpdateFooterItemBodySchema>;
