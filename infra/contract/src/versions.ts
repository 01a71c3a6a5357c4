/**
 * Edit versions: staff edits never overwrite each other silently. Every read of one record the
 * edit screens make answers the record's version in `ETag`; every update or delete of it accepts
 * `If-Match` and, when the record changed since, answers 409 with who changed it and when.
 *
 * `VERSIONED_CALLS` is the one list of those calls: the API applies the mechanism to exactly these
 * routes, and the admin client finds in it which record a request reads or writes (to remember
 * its ETag and send it back), so the two can never disagree.
 */
import { Type, type Static } from '@sinclair/typebox';

export const RECORD_TYPES = [
  'deal',
  'store',
  'productType',
  'featuredSection',
  'user',
  'menuItem',
  'page',
  'blog',
  'contentSection',
  'banner',
  'bannerItem',
  'footerItem',
  'siteSettings',
  'feed',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** Where a call names its record: a query parameter, a body field, or nowhere (one per deployment). */
export type RecordIdSource = { in: 'query' | 'body'; name: string } | { in: 'singleton' };

export interface VersionedCall {
  record: RecordType;
  id: RecordIdSource;
}

const query = (name: string): RecordIdSource => ({ in: 'query', name });
const body = (name: string): RecordIdSource => ({ in: 'body', name });

/** A page or blog: the form, its draft and publishing calls, and its banner image. */
function documentCalls(noun: 'Page' | 'Blog', record: 'page' | 'blog', param: 'pageId' | 'blogId'): Record<string, VersionedCall> {
  return {
    [`GET ${noun}/Get${noun}ById`]: { record, id: query(param) },
    [`PUT ${noun}/Update${noun}`]: { record, id: body('id') },
    [`PUT ${noun}/Save${noun}Draft`]: { record, id: body('id') },
    [`PUT ${noun}/Publish${noun}`]: { record, id: query(param) },
    [`PUT ${noun}/Unpublish${noun}`]: { record, id: query(param) },
    [`DELETE ${noun}/Discard${noun}Draft`]: { record, id: query(param) },
    [`PUT ${noun}/Schedule${noun}`]: { record, id: query(param) },
    [`DELETE ${noun}/DeleteBannerImage`]: { record, id: query(param) },
    [`DELETE ${noun}/Delete${noun}`]: { record, id: query('id') },
  };
}

/**
 * Keyed `METHOD Controller/Call`, as the admin client writes its request URLs (relative to the
 * API base). GETs hand out the version; every other method is a write guarded by it.
 */
export const VERSIONED_CALLS: Readonly<Record<string, VersionedCall>> = {
  'GET Product/GetProductById': { record: 'deal', id: query('productId') },
  'PUT Product/UpdateProduct': { record: 'deal', id: body('id') },
  'DELETE Product/DeleteProduct': { record: 'deal', id: query('productId') },

  'GET Category/GetCategoryById': { record: 'store', id: query('categoryId') },
  'PUT Category/UpdateCategory': { record: 'store', id: body('id') },
  'DELETE Category/DeleteCategory': { record: 'store', id: query('categoryId') },

  'GET ProductType/GetProductTypeById': { record: 'productType', id: query('productTypeId') },
  'PUT ProductType/UpdateProductTypes': { record: 'productType', id: body('id') },
  'DELETE ProductType/DeleteProductType': { record: 'productType', id: query('productTypeId') },

  'GET FeaturedSection/GetFeaturedSection': { record: 'featuredSection', id: query('id') },
  'PUT FeaturedSection/UpdateFeaturedSection': { record: 'featuredSection', id: body('id') },
  'DELETE FeaturedSection/DeleteFeaturedSection': { record: 'featuredSection', id: query('id') },

  'GET Users/GetUser': { record: 'user', id: query('id') },
  'PUT Users/UpdateUser': { record: 'user', id: body('id') },

  'GET MenuItem/GetMenuItemById': { record: 'menuItem', id: query('menuItemId') },
  'PUT MenuItem/UpdateMenuItems': { record: 'menuItem', id: body('id') },
  'DELETE MenuItem/DeleteMenuItem': { record: 'menuItem', id: query('id') },

  ...documentCalls('Page', 'page', 'pageId'),
  ...documentCalls('Blog', 'blog', 'blogId'),

  'GET ContentSection/GetContentSectionById': { record: 'contentSection', id: query('contentSectionId') },
  'PUT ContentSection/UpdateContentSection': { record: 'contentSection', id: body('id') },
  'PUT ContentSection/SaveContentSectionDraft': { record: 'contentSection', id: body('id') },
  'PUT ContentSection/PublishContentSection': { record: 'contentSection', id: query('contentSectionId') },
  'PUT ContentSection/UnpublishContentSection': { record: 'contentSection', id: query('contentSectionId') },
  'DELETE ContentSection/DiscardContentSectionDraft': { record: 'contentSection', id: query('contentSectionId') },
  'PUT ContentSection/ScheduleContentSection': { record: 'contentSection', id: query('contentSectionId') },
  'DELETE ContentSection/DeleteContentSection': { record: 'contentSection', id: query('id') },

  'GET Banner/GetBannerById': { record: 'banner', id: query('bannerId') },
  'PUT Banner/UpdateBanner': { record: 'banner', id: body('id') },
  'PUT Banner/SaveBannerDraft': { record: 'banner', id: body('id') },
  'PUT Banner/PublishBanner': { record: 'banner', id: query('bannerId') },
  'PUT Banner/UnpublishBanner': { record: 'banner', id: query('bannerId') },
  'DELETE Banner/DiscardBannerDraft': { record: 'banner', id: query('bannerId') },
  'PUT Banner/ScheduleBanner': { record: 'banner', id: query('bannerId') },
  'DELETE Banner/DeleteBanner': { record: 'banner', id: query('id') },

  'PUT BannerItem/UpdateBannerItem': { record: 'bannerItem', id: body('id') },
  'DELETE BannerItem/DeleteBannerItem': { record: 'bannerItem', id: query('id') },

  'GET FooterItem/GetFooterItemById': { record: 'footerItem', id: query('footerItemId') },
  'PUT FooterItem/UpdateFooterItem': { record: 'footerItem', id: body('id') },
  'DELETE FooterItem/DeleteFooterItem': { record: 'footerItem', id: query('footerItemId') },

  'GET Feeds/GetFeedById': { record: 'feed', id: query('id') },
  'PUT Feeds/UpdateFeed': { record: 'feed', id: body('id') },
  'DELETE Feeds/DeleteFeed': { record: 'feed', id: query('id') },

  'GET Asset/GetAsset': { record: 'siteSettings', id: { in: 'singleton' } },
  'PUT Asset/UpdateAsset': { record: 'siteSettings', id: { in: 'singleton' } },
};

/** The call a request makes, from its method and its URL relative to the API base (`Product/UpdateProduct?x=1`). */
export function versionedCall(method: string, path: string): VersionedCall | undefined {
  const bare = path.replace(/^\/?(api\/)?/, '').replace(/[?#].*$/, '');
  return VERSIONED_CALLS[`${method.toUpperCase()} ${bare}`];
}

/** The id a singleton record is kept under. */
export const SINGLETON_RECORD_ID = 1;

/** One record's key, as the client remembers its version: `deal:12`. */
export const recordKey = (record: RecordType, id: number): string => `${record}:${id}`;

export const VERSION_MESSAGES = {
  conflict: 'Someone else changed this record after you opened it. Nothing was saved.',
  busy: 'Someone else is saving this record right now. Nothing was saved; try again.',
} as const;

/** The 409 of a write whose `If-Match` names an older version: nothing was changed. */
export const EditConflictSchema = Type.Object({
  message: Type.String(),
  /** Full name (or username) of whoever made the current version; null when nobody is on record. */
  changedBy: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** When the current version was made (ISO 8601); null when unknown. */
  changedAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type EditConflict = Static<typeof EditConflictSchema>;
