/**
 * The deal rules' constants and the texts the spec does not word: pure values (no schema code),
 * so the deal form checks what the server checks with the same words.
 */
import { PAGE_SIZE } from './limits.ts';
import { MESSAGES } from './messages.ts';

/** The largest price `numeric(12, 2)` holds. */
export const MAX_DEAL_PRICE = 9_999_999_999.99;
/** Items the featured-section deal picker (`GetAllProductsBySearchTerm`) gets at most. */
export const DEAL_PICKER_LIMIT = 50;
/** Deals per `GetProductsForDashboard` page. */
export const DASHBOARD_PAGE_SIZE = PAGE_SIZE.adminTables;
/** Product types one deal may carry: far above any real form, low enough to bound the work. */
export const MAX_PRODUCT_TYPES_PER_DEAL = 100;
/** Files one `UploadImages` call may carry (the multipart limit is 20 files per request). */
export const MAX_IMAGES_PER_UPLOAD = 20;

/** http(s) only: `javascript:`, `data:` and other schemes never reach a public link. */
export const DEAL_LINK_PATTERN = '^[hH][tT][tT][pP][sS]?://[^\\s/?#]+[^\\s]*$';

/** Texts the spec does not word (server answers), next to the spec's own in `MESSAGES.deal`. */
export const DEAL_MESSAGES = {
  notFound: 'Deal not found',
  imageNotFound: 'Image not found',
  notOwner: 'You can only change deals you added. Ask an administrator for help.',
  storeInvalid: 'Please select a valid store',
  storeNotFound: 'The selected store does not exist',
  productTypeNotFound: 'One or more selected categories do not exist',
  linkInvalid: 'Link must be a web address starting with http:// or https://',
  currentPriceDecimals: 'Current Price may have at most 2 decimals',
  previousPriceDecimals: 'Previous Price may have at most 2 decimals',
  dateInvalid: 'Please enter a valid date and time',
  expiryBeforeStart: 'Deal expiry must not be before the deal start',
  imagesRequired: MESSAGES.deal.imageRequired,
  tooManyImages: `At most ${MAX_IMAGES_PER_UPLOAD} images can be uploaded at once`,
  created: 'Deal created successfully',
  updated: 'Deal updated successfully',
  deleted: 'Deal deleted successfully',
  imagesUploaded: 'Images uploaded successfully',
  previewSet: 'Preview image updated successfully',
  imageDeleted: 'Image deleted successfully',
} as const;

/**
 * The discount of a deal as the API computes it (spec §3): the difference of previous and current
 * price over the previous price, as a whole percent rounded up; 0 without a previous price.
 */
export function discountPercent(currentPrice: number, previousPrice: number): number {
  // In cents, so the division of two whole numbers is exact when the percent is whole.
  const previous = Math.round(previousPrice * 100);
  const current = Math.round(currentPrice * 100);
  if (!(previous > 0)) return 0;
  return Math.ceil(((previous - current) * 100) / previous);
}
