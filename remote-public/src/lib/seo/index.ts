// Per-URL metadata for search engines and link previews (README "Server rendering of the visitor site").
export { applyHead, escapeHtml, HEAD_ATTRIBUTE, headTagsHtml, scriptSafeJson, type HeadImage, type PageHead } from './head';
export { CONTENT_IMAGE_WIDTH, DEFAULT_COMPANY_NAME, LOGO_IMAGE_WIDTH, siteFromInfo, storedImageUrl, type SeoSite } from './site';
export { clip, collapseWhitespace, DESCRIPTION_MAX, describeDeal, HEADLINE_MAX } from './text';
export {
  BLOGS_PATH,
  blogHead,
  cmsPageHead,
  DEALS_PATH,
  dealHead,
  dealsListHead,
  expiredDealHead,
  homeHead,
  landingHeading,
  landingPath,
  notFoundHead,
  previewHead,
  privateLinkHead,
  simpleHead,
  type DealsLanding,
  type ExpiredDealSummary,
} from './pages';
