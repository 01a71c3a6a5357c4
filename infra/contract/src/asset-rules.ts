/**
 * Site settings (spec §3 "SiteAsset", §5 "Site settings"): the masks, link and id shapes, texts
 * and limits the spec leaves open, as pure values (no schema code) so the assets-and-resources
 * form checks what the server checks with the same words.
 */

/** Masks and shapes of §5 (the form's input masks), and what the spec leaves open. */
export const SITE_ASSET_PATTERNS = {
  /** (999) 999-9999 */
  phoneNumber: '^\\(\\d{3}\\) \\d{3}-\\d{4}$',
  /** 99999 */
  zipCode: '^\\d{5}$',
  /** Links open from the public site: http(s) only, no spaces or markup characters. */
  link: '^https?://[^\\s/?#\\\\<>"]+[^\\s\\\\<>"]*$',
  /**
   * Injected into the public page's analytics snippet, so only the known id shapes: GA4 `G-…`,
   * tag `GT-…`, Ads `AW-…`, Universal Analytics `UA-123456-1`.
   */
  googleAnalyticsId: '^(?:G|GT|AW)-[A-Z0-9]{4,20}$|^UA-\\d{4,12}-\\d{1,4}$',
  /** The Meta pixel id (digits), never a script snippet. */
  facebookPixelCode: '^\\d{5,20}$',
} as const;

/** Messages the spec does not word. */
export const SITE_ASSET_MESSAGES = {
  updated: 'Site settings updated successfully',
  phoneInvalid: 'Please enter a valid phone number such as (999) 999-9999',
  zipInvalid: 'Please enter a valid 5-digit zip code',
  linkInvalid: 'Please enter a valid link starting with http:// or https://',
  googleAnalyticsIdInvalid: 'Please enter a valid Google Analytics id such as G-XXXXXXXXXX',
  facebookPixelInvalid: 'Please enter a valid Facebook Pixel id (digits only)',
  hotDealThresholdInvalid: 'Hot deal threshold must be a whole number from 1 to 1,000,000',
} as const;

/** Limits the spec does not show. */
export const SITE_ASSET_LIMITS = { seo: 5000, facebookPixelCode: 20 } as const;

/**
 * Click-outs: a public deal card shows "Hot" when the deal has at least this many unique clicks in
 * the last 24 hours (kept with the site settings; the popularity refresh applies it).
 */
export const HOT_DEAL_THRESHOLD = { default: 10, min: 1, max: 1_000_000 } as const;
