/** Field limits of both specifications (§5) and the numeric constants server and clients share. */

export const LIMITS = {
  user: { username: 100, fullName: 250, email: 250, phone: 20, passwordMin: 8, passwordMax: 100 },
  deal: {
    name: 500,
    additionalInformation: 2000,
    link: 3000,
    keywords: 2500,
    badgeText: 30,
    badgeColor: 50,
    promoCode: 50,
  },
  store: { name: 250 },
  productCategory: { name: 250 },
  featuredSection: { name: 250 },
  menuItem: { name: 100, customLink: 250 },
  page: { name: 250, title: 250, url: 250, bannerColor: 10, keywords: 1500 },
  blog: { name: 250, url: 250, bannerColor: 10, keywords: 1500 },
  contentSection: { name: 150, title: 1000, buttonText: 50, buttonActionType: 500, buttonLink: 500 },
  banner: { name: 150 },
  bannerItem: { name: 1000, title: 1000 },
  siteAsset: {
    companyName: 250,
    emailAddress: 150,
    phoneNumber: 20,
    streetAddress: 150,
    city: 100,
    state: 20,
    zipCode: 10,
    hours: 150,
    link: 500,
  },
  footerItem: { label: 250, to: 500 },
  /** Not shown by the spec; chosen to fit a phone notification. */
  pushNotification: { title: 100, message: 500 },
  /** A push target: FCM tokens are ~160 characters, Web Push endpoints a few hundred; keys are base64url (p256dh 87, auth 22). */
  pushDevice: { token: 2048, key: 200 },
  /**
   * Keyword deal alerts: follows a browser may hold, a followed word's length
   * once normalised (see contract/deal-follow-words.ts), and the longest text accepted before that.
   */
  dealFollow: { perDevice: 20, wordMin: 2, wordMax: 40, wordInput: 100 },
  emailSignup: { email: 200 },
  /** Uploads: bytes per file and decoded pixels per image. */
  upload: { maxBytes: 10 * 1024 * 1024, maxPixels: 25_000_000 },
} as const;

/** Page sizes and other numeric constants the server and clients agree on. */
export const PAGE_SIZE = { publicDeals: 100, adminTables: 100, keywordSuggestions: 10 } as const;

/**
 * Widths (px) `Attachments/{name}?w=` resizes to, as WebP: the public site's `srcset` steps. A
 * fixed list so a request cannot make the server render (and cache) arbitrary sizes.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** A colour as `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (badge, banner and page colours). */
export const HEX_COLOR_PATTERN = '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$';

export const DEFAULT_BADGE_COLOR = '#000000';
export const DEFAULT_BANNER_COLOR = '#000000';
export const DYNAMIC_BANNER_BACKGROUND = '#213c63';
