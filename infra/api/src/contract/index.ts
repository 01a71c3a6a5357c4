/**
 * The API contract: the one source of truth for entity shapes, field limits, enums and messages,
 * shared by the server (validation, serialization) and the frontends (`@deals/api/contract`).
 *
 * Pure on purpose: no Node or server imports, so any bundler can take it. It is a single file
 * without relative imports because consumers load the TypeScript source directly (Rspack, Jest,
 * tsc with Bundler resolution, Node through tsx) and a relative `./x.js` import would need an
 * extension alias in each of them.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

// ---------------------------------------------------------------------------------------------
// Field limits (both specifications, §5). The server enforces them; the forms mirror them.
// ---------------------------------------------------------------------------------------------

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
  emailSignup: { email: 200 },
} as const;

/** Page sizes and other numeric constants the server and clients agree on. */
export const PAGE_SIZE = { publicDeals: 100, adminTables: 100, keywordSuggestions: 10 } as const;

export const DEFAULT_BADGE_COLOR = '#000000';

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

export const SORT_OPTIONS = ['DESC_PRICE', 'ASC_PRICE', 'DESC_DISCOUNT', 'ASC_DISCOUNT', 'DESC_DATE'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PRICE_TIERS = ['$', '$$', '$$$', '$$$$'] as const;
export type PriceTier = (typeof PRICE_TIERS)[number];

export const CONTENT_SECTION_TYPES = [
  'CONTENT_SECTION_DEFAULT',
  'CONTENT_SECTION_REVERSED',
  'CONTENT_SECTION_FULLWIDTH',
  'CONTENT_SECTION_FULLWIDTH_PADDED',
  'CONTENT_SECTION_TEXTONLY',
  'CONTENT_SECTION_CARD',
  'CONTENT_SECTION_BANNER',
  'CONTENT_SECTION_DYNAMIC_BANNER',
  'CONTENT_SECTION_CUSTOM',
] as const;
export type ContentSectionType = (typeof CONTENT_SECTION_TYPES)[number];

export const BUTTON_ACTION_TYPES = ['PAGE', 'LINK_NEW_TAB', 'PHONENUMBER', 'EMAIL'] as const;
export type ButtonActionType = (typeof BUTTON_ACTION_TYPES)[number];

export const ALIGNMENTS = ['LEFT', 'CENTER', 'RIGHT'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

export const COMPONENT_TYPES = ['BANNER', 'CONTENTSECTION'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** Micro-frontend remotes the shell loads through `/remotes.json`. */
export const REMOTE_NAMES = ['public', 'catalog', 'cms', 'notifications'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

// ---------------------------------------------------------------------------------------------
// Messages: the spec's own wording, so server answers and client checks read the same.
// ---------------------------------------------------------------------------------------------

export const MESSAGES = {
  notFound: 'Not found',
  serverError: 'Oops! Something went wrong on the server. Please contact support.',
  validationFailed: 'Please check the highlighted fields.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  login: { usernameRequired: 'Username is required', passwordRequired: 'Password is required' },
  user: {
    usernameRequired: 'Username is required',
    fullNameRequired: 'Full Name is required',
    emailInvalid: 'Please enter valid email',
    emailRequired: 'Email is required',
    passwordRequired: 'Password is required',
    passwordMin: 'Minimum password length must be at least 8 characters',
    confirmRequired: 'Please confirm your new password',
    passwordsDoNotMatch: 'Passwords do not match',
  },
  changePassword: {
    oldRequired: 'Old password is required',
    oldMin: 'Minimum length of Password is 8',
    newRequired: 'New password is required',
    confirmRequired: 'Re-enter your new password',
    mustMatch: 'Passwords must match',
  },
  editUser: { emailInvalid: 'Please enter valid email address', emailRequired: 'Email Address is required' },
  deal: {
    storeRequired: 'Store is required',
    productTypeRequired: 'At least one category is required',
    nameRequired: 'Product Name is required',
    currentPriceInvalid: 'Please enter valid current price',
    currentPriceRequired: 'Current Price is required',
    previousPriceInvalid: 'Please enter valid previous price',
    previousPriceRequired: 'Previous Price is required',
    linkRequired: 'Link is required',
    badgeTextMax: 'Please enter upto 30 words.',
    imageRequired: 'Please Upload a Product Image',
  },
  store: { nameRequired: 'Store Name is required', imageRequired: 'Please upload an Image' },
  featuredSection: {
    nameRequired: 'Feature Section Name is required',
    productsRequired: 'Please select at least one product',
  },
  menuItem: { nameRequired: 'Menu Item Name is required' },
  page: { nameRequired: 'Page Name is required' },
  /** The spec's blog form reuses the menu item wording; kept as written. */
  blog: { nameRequired: 'Menu Item Name is required' },
} as const;

// ---------------------------------------------------------------------------------------------
// Schemas (TypeBox: one declaration validates requests, serializes responses and types both ends)
// ---------------------------------------------------------------------------------------------

/** `T | null`, the shape of every optional database column in a response. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Every failure answers `{ message }`; validation failures add `errors: { field: message }`.
 * A schema may carry `messages: { keyword: text }` (e.g. `{ required: 'Store Name is required' }`)
 * and the server answers that text instead of the validator's default.
 */
export const ErrorResponseSchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

export const HealthResponseSchema = Type.Object({ status: Type.Literal('ok') });
export type HealthResponse = Static<typeof HealthResponseSchema>;

/**
 * Query flag such as `isActive=` in `GetAllCategories?isActive={flag}`: the admin lists pass an
 * empty value meaning "all", so it is a string, not a coerced boolean ('' would become false).
 */
export const OptionalFlagSchema = Type.Optional(
  Type.String({ pattern: '^(|true|false|True|False)$', messages: { pattern: 'Must be true, false or empty' } }),
);

/** A store ("Category" in the API). */
export const StoreSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ maxLength: LIMITS.store.name }),
  imageFilePath: Nullable(Type.String()),
  isActive: Type.Boolean(),
  notifyImmediately: Type.Boolean(),
  sortOrder: Type.Integer(),
});
export type Store = Static<typeof StoreSchema>;

export const GetAllCategoriesQuerySchema = Type.Object({ isActive: OptionalFlagSchema });
export type GetAllCategoriesQuery = Static<typeof GetAllCategoriesQuerySchema>;

/** Deal card as listed publicly (spec §3 "Deal list card"). */
export const DealCardSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  filePath: Nullable(Type.String()),
  badgeText: Nullable(Type.String()),
  badgeColor: Nullable(Type.String()),
  likes: Type.Integer(),
  promoCode: Nullable(Type.String()),
  dealExpiresIn: Nullable(Type.String({ format: 'date-time' })),
  currentPrice: Type.Number(),
  previousPrice: Type.Number(),
  link: Type.String(),
});
export type DealCard = Static<typeof DealCardSchema>;

const SiteInfoMenuChildSchema = Type.Object({
  name: Type.String(),
  pageUrl: Nullable(Type.String()),
  customLink: Nullable(Type.String()),
  openInNewTab: Type.Boolean(),
});

export const SiteInfoSchema = Type.Object({
  companyLogoPath: Nullable(Type.String()),
  companyIconPath: Nullable(Type.String()),
  companyName: Nullable(Type.String()),
  emailAddress: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  streetAddress1: Nullable(Type.String()),
  streetAddress2: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  primaryWeekDayHours: Nullable(Type.String()),
  primaryWeekEndHours: Nullable(Type.String()),
  secondaryWeekDayHours: Nullable(Type.String()),
  secondaryWeekEndHours: Nullable(Type.String()),
  menuItems: Type.Array(
    Type.Composite([SiteInfoMenuChildSchema, Type.Object({ assignedMenuItems: Type.Array(SiteInfoMenuChildSchema) })]),
  ),
  pages: Type.Array(Type.Object({ url: Type.String(), title: Nullable(Type.String()), isBlog: Type.Boolean() })),
  stores: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), imageFilePath: Nullable(Type.String()) })),
  categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  featuredSections: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      imageFilePath: Nullable(Type.String()),
      products: Type.Array(DealCardSchema),
    }),
  ),
  footerItems: Type.Array(Type.Object({ label: Type.String(), to: Type.String() })),
  appStoreLink: Nullable(Type.String()),
  googlePlayStoreLink: Nullable(Type.String()),
  facebook: Nullable(Type.String()),
  instagram: Nullable(Type.String()),
  twitter: Nullable(Type.String()),
  linkedIn: Nullable(Type.String()),
  youtube: Nullable(Type.String()),
  tikTok: Nullable(Type.String()),
  googleMap: Nullable(Type.String()),
  googleAnalyticsId: Nullable(Type.String()),
});
export type SiteInfo = Static<typeof SiteInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Run-time configuration handed to the frontends by the server that hosts the shell
// ---------------------------------------------------------------------------------------------

/** `GET /remotes.json`: remote name → URL of its `mf-manifest.json`. */
export type RemotesManifest = Record<RemoteName, string>;

/** Injected into the shell's index.html as `window.__DEALS_CONFIG__`. */
export interface ClientConfig {
  apiBase: string;
  emailSignupActionUrl: string | null;
}
