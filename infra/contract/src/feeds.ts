/**
 * Deal feeds: the affiliate networks' offer feeds (Awin's Offers API, CJ, Impact, Rakuten…) read on
 * a schedule. A feed is an http(s) URL answering CSV or JSON; each offer is keyed by the feed's own
 * id for it, so a changed offer updates its deal and an ended one deactivates it. In REVIEW mode new
 * offers wait in the review queue (`Feeds/GetOffers`) until staff accept them; in LIVE mode they go
 * on the site at once (without new-deal alerts: only offers staff accept are announced).
 *
 * Columns are those of the CSV deal import (`deal-import.ts`: headers, aliases, row rules and
 * messages), plus the offer's id and the advertiser's id. A feed may name its own header for any
 * column (`columns`) and a value for cells its offers lack (`defaults`: a network's offers carry no
 * product category or price); advertisers are matched to stores by `advertisers` (their id or
 * name → store id), then by store name. Unknown advertisers are listed, never created.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEAL_IMPORT_KEYS, DealImportProblemSchema, type DealImportColumn, type DealImportKey } from './deal-import.ts';
import { CreateProductBodySchema } from './deals.ts';
import { TablePageSchema, tableQuerySchema } from './tables.ts';

export const FEED_FORMATS = ['CSV', 'JSON'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const FEED_MODES = ['REVIEW', 'LIVE'] as const;
export type FeedMode = (typeof FEED_MODES)[number];
export const FEED_MODE_LABELS: Record<FeedMode, string> = { REVIEW: 'New offers wait for review', LIVE: 'New offers go live at once' };
export const FEED_RUN_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type FeedRunStatus = (typeof FEED_RUN_STATUSES)[number];
export const FEED_RUN_TRIGGERS = ['SCHEDULE', 'MANUAL'] as const;
export type FeedRunTrigger = (typeof FEED_RUN_TRIGGERS)[number];
/**
 * PENDING: waits for review. LIVE: a deal (created, or an existing one it was linked to).
 * REJECTED: staff declined it (offered again only when the feed changes it). EXPIRED: ended before
 * anyone accepted it.
 */
export const FEED_OFFER_STATUSES = ['PENDING', 'LIVE', 'REJECTED', 'EXPIRED'] as const;
export type FeedOfferStatus = (typeof FEED_OFFER_STATUSES)[number];

/** The feed-only columns, beside the deal import's. */
export const FEED_EXTRA_COLUMNS = [
  { key: 'offerId', header: 'Offer ID', aliases: ['offer', 'promotion id', 'promo id', 'voucher id', 'coupon id', 'deal id', 'id'], required: true },
  { key: 'advertiserId', header: 'Advertiser ID', aliases: ['advertiser id', 'merchant id', 'program id', 'programme id', 'advertiser advertiserid', 'advertiser id number'], required: false },
] as const;
export type FeedExtraKey = (typeof FEED_EXTRA_COLUMNS)[number]['key'];
export type FeedColumnKey = DealImportKey | FeedExtraKey;
export const FEED_COLUMN_KEYS: readonly FeedColumnKey[] = [...FEED_EXTRA_COLUMNS.map((column) => column.key), ...DEAL_IMPORT_KEYS];
export type FeedColumn = Omit<DealImportColumn, 'key'> & { key: FeedColumnKey };

export const FEED_LIMITS = {
  nameMax: 100,
  urlMax: 2000,
  everyHoursMin: 1,
  everyHoursMax: 168,
  headerNameMax: 100,
  headerValueMax: 2000,
  /** A mapped header or a default value. */
  cellMax: 500,
  advertisersMax: 1000,
  /** The whole body over every page: 50,000 offers take about 30 MB. */
  maxBytes: 200 * 1024 * 1024,
  maxOffers: 200_000,
  /** Pages followed through `Link: <…>; rel="next"` (or a JSON `next`). */
  maxPages: 1000,
  /** A whole run's fetching, all pages. */
  timeoutMs: 10 * 60_000,
  /** Problems a run lists (its counts cover all). */
  listedProblems: 200,
  unknownStoresListed: 100,
  /** Runs kept per feed. */
  historyRuns: 100,
  /** Offers one bulk accept or reject takes. */
  bulkMax: 500,
  /** Failed runs in a row that put a feed on the dashboard. */
  failingAfter: 2,
} as const;

/** `Link: <url>; rel="next"` names the next page; so does a JSON wrapper's `next` (or `nextPage`, `nextUrl`). */
export const FEED_JSON_ARRAY_KEYS = ['data', 'offers', 'promotions', 'vouchers', 'items', 'results'] as const;
export const FEED_JSON_NEXT_KEYS = ['next', 'nextPage', 'nextUrl'] as const;

export const FEED_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${FEED_LIMITS.nameMax} characters`,
  url: 'URL must be a web address starting with http:// or https://',
  format: 'Format must be CSV or JSON',
  mode: 'Mode must be REVIEW or LIVE',
  everyHours: `Run every must be a whole number of hours from ${FEED_LIMITS.everyHoursMin} to ${FEED_LIMITS.everyHoursMax}`,
  headerName: 'Header name must be a valid HTTP header name',
  headerValue: `Header value must be at most ${FEED_LIMITS.headerValueMax} characters`,
  headerValueWithoutName: 'Give the header name its value belongs to',
  column: (key: string) => `Unknown column "${key}"`,
  cell: `Must be at most ${FEED_LIMITS.cellMax} characters`,
  advertisers: `At most ${FEED_LIMITS.advertisersMax} advertisers`,
  unknownStoreId: (id: number) => `No store has the id ${id}`,
  notFound: 'Feed not found',
  created: 'Feed created',
  updated: 'Feed updated',
  deleted: 'Feed deleted',
  started: 'The feed is running',
  running: 'The feed is already running',
  inactive: 'The feed is switched off: switch it on to run it',
  // A run's failure, kept in its history.
  fetchFailed: (reason: string) => `The feed could not be fetched: ${reason}`,
  tooLarge: `The feed is larger than ${FEED_LIMITS.maxBytes / 1024 / 1024} MB`,
  tooManyOffers: `The feed has more than ${FEED_LIMITS.maxOffers.toLocaleString('en-US')} offers`,
  tooManyPages: `The feed has more than ${FEED_LIMITS.maxPages} pages`,
  notJson: (reason: string) => `The feed is not valid JSON: ${reason}`,
  notJsonOffers: 'The feed must be a JSON array of offers, JSON lines, or an object holding the offers in data, offers, promotions, vouchers, items or results',
  emptyListing: 'The feed listed no offers: nothing was expired',
  stopped: 'The run stopped with its instance',
  // A row's problem, beside the import's.
  offerIdRequired: 'Offer ID is required',
  offerIdTooLong: 'Offer ID must be at most 200 characters',
  offerIdTwice: 'The offer ID appears twice in the feed',
  // The review queue.
  offerNotFound: 'Offer not found',
  notPending: 'The offer is no longer waiting for review',
  bulkSize: `Choose from 1 to ${FEED_LIMITS.bulkMax} offers`,
  accepted: (count: number, linked: number) =>
    `${count.toLocaleString('en-US')} offer${count === 1 ? '' : 's'} accepted` + (linked ? ` (${linked.toLocaleString('en-US')} linked to a deal already live)` : ''),
  rejected: (count: number) => `${count.toLocaleString('en-US')} offer${count === 1 ? '' : 's'} rejected`,
} as const;

const text = (max: number, message: string) => Type.String({ maxLength: max, messages: { maxLength: message, type: message } });

const FeedSettingsProperties = {
  name: Type.String({ minLength: 1, maxLength: FEED_LIMITS.nameMax, pattern: '\\S', messages: { minLength: FEED_MESSAGES.nameRequired, pattern: FEED_MESSAGES.nameRequired, maxLength: FEED_MESSAGES.nameTooLong, type: FEED_MESSAGES.nameRequired, required: FEED_MESSAGES.nameRequired } }),
  url: Type.String({ minLength: 1, maxLength: FEED_LIMITS.urlMax, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', messages: { minLength: FEED_MESSAGES.url, maxLength: FEED_MESSAGES.url, pattern: FEED_MESSAGES.url, type: FEED_MESSAGES.url, required: FEED_MESSAGES.url } }),
  format: Type.Unsafe<FeedFormat>(Type.String({ enum: [...FEED_FORMATS], messages: { enum: FEED_MESSAGES.format, type: FEED_MESSAGES.format, required: FEED_MESSAGES.format } })),
  mode: Type.Unsafe<FeedMode>(Type.String({ enum: [...FEED_MODES], messages: { enum: FEED_MESSAGES.mode, type: FEED_MESSAGES.mode, required: FEED_MESSAGES.mode } })),
  everyHours: Type.Integer({
    minimum: FEED_LIMITS.everyHoursMin,
    maximum: FEED_LIMITS.everyHoursMax,
    messages: { minimum: FEED_MESSAGES.everyHours, maximum: FEED_MESSAGES.everyHours, type: FEED_MESSAGES.everyHours, required: FEED_MESSAGES.everyHours },
  }),
  /** Whether each run lists every current offer: an offer missing from a complete run has ended. Default true. */
  listsAllOffers: Type.Optional(Type.Boolean({ messages: { type: 'listsAllOffers must be true or false' } })),
  isActive: Type.Optional(Type.Boolean({ messages: { type: 'isActive must be true or false' } })),
  /** A header sent with every request (an API key); its value is stored encrypted and never answered. */
  secretHeaderName: Type.Optional(
    Type.Union([Type.Null(), Type.String({ maxLength: FEED_LIMITS.headerNameMax, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]*$", messages: { pattern: FEED_MESSAGES.headerName, maxLength: FEED_MESSAGES.headerName, type: FEED_MESSAGES.headerName } })]),
  ),
  /** Absent (or null) on an update: the stored value is kept; empty: removed. */
  secretHeaderValue: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: FEED_LIMITS.headerValueMax, pattern: '^[^\\r\\n]*$', messages: { maxLength: FEED_MESSAGES.headerValue, pattern: FEED_MESSAGES.headerValue, type: FEED_MESSAGES.headerValue } })])),
  /** The feed's own header per column key (`{ "name": "title", "offerId": "promotionId" }`); unmapped columns are found by the import's headers and aliases. */
  columns: Type.Optional(Type.Record(Type.String(), text(FEED_LIMITS.cellMax, FEED_MESSAGES.cell), { maxProperties: FEED_COLUMN_KEYS.length })),
  /** A value per deal column for offers whose cell is empty or missing (`{ "productTypes": "Coupons", "currentPrice": "0" }`). */
  defaults: Type.Optional(Type.Record(Type.String(), text(FEED_LIMITS.cellMax, FEED_MESSAGES.cell), { maxProperties: DEAL_IMPORT_KEYS.length })),
  /** Advertiser id or name (as the feed writes it) → store id. */
  advertisers: Type.Optional(
    Type.Record(Type.String({ maxLength: FEED_LIMITS.cellMax }), Type.Integer({ minimum: 1, maximum: 2147483647, messages: { type: 'A store id must be a number', minimum: 'A store id must be a number' } }), {
      maxProperties: FEED_LIMITS.advertisersMax,
      messages: { maxProperties: FEED_MESSAGES.advertisers },
    }),
  ),
};

export const CreateFeedBodySchema = Type.Object(FeedSettingsProperties);
export type CreateFeedBody = Static<typeof CreateFeedBodySchema>;
export const UpdateFeedBodySchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, messages: { type: FEED_MESSAGES.notFound, minimum: FEED_MESSAGES.notFound } }), ...FeedSettingsProperties });
export type UpdateFeedBody = Static<typeof UpdateFeedBodySchema>;
export const FeedIdQuerySchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, messages: { type: FEED_MESSAGES.notFound, minimum: FEED_MESSAGES.notFound, required: FEED_MESSAGES.notFound } }) });

const instant = () => Type.String({ format: 'date-time' });
const nullableInstant = () => Type.Union([instant(), Type.Null()]);

export const FeedRunProblemSchema = Type.Composite([DealImportProblemSchema, Type.Object({ offerId: Type.String() })]);
export type FeedRunProblem = Static<typeof FeedRunProblemSchema>;

export const FeedRunSchema = Type.Object({
  id: Type.Integer(),
  feedId: Type.Integer(),
  trigger: Type.Unsafe<FeedRunTrigger>(Type.String({ enum: [...FEED_RUN_TRIGGERS] })),
  status: Type.Unsafe<FeedRunStatus>(Type.String({ enum: [...FEED_RUN_STATUSES] })),
  startedAt: instant(),
  finishedAt: nullableInstant(),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  /** Offers read (rows or objects), valid or not. */
  offers: Type.Integer(),
  /** Deals created (LIVE mode), or new offers queued for review (`pending`). */
  created: Type.Integer(),
  pending: Type.Integer(),
  /** New offers linked to a live deal of the same store and promo code (or link) instead of a second deal. */
  linked: Type.Integer(),
  updated: Type.Integer(),
  /** Deals deactivated and pending offers closed: ended, or gone from a feed that lists every offer. */
  expired: Type.Integer(),
  unchanged: Type.Integer(),
  /** Offers that break a rule (listed in `problems`, the first 200). */
  rejected: Type.Integer(),
  problems: Type.Array(FeedRunProblemSchema),
  unknownStores: Type.Array(Type.String()),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type FeedRun = Static<typeof FeedRunSchema>;

export const FeedSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  format: Type.Unsafe<FeedFormat>(Type.String({ enum: [...FEED_FORMATS] })),
  mode: Type.Unsafe<FeedMode>(Type.String({ enum: [...FEED_MODES] })),
  everyHours: Type.Integer(),
  listsAllOffers: Type.Boolean(),
  isActive: Type.Boolean(),
  secretHeaderName: Type.Union([Type.String(), Type.Null()]),
  /** Whether a secret header value is stored (the value itself is never answered). */
  hasSecret: Type.Boolean(),
  columns: Type.Record(Type.String(), Type.String()),
  defaults: Type.Record(Type.String(), Type.String()),
  advertisers: Type.Record(Type.String(), Type.Integer()),
  createdAt: instant(),
  updatedAt: instant(),
  nextRunAt: nullableInstant(),
  /** Runs that failed in a row, the latest included (0 after a success). */
  consecutiveFailures: Type.Integer(),
  lastRun: Type.Union([FeedRunSchema, Type.Null()]),
  offersPending: Type.Integer(),
  offersLive: Type.Integer(),
});
export type Feed = Static<typeof FeedSchema>;

export const FeedRunsQuerySchema = Type.Object({
  ...FeedIdQuerySchema.properties,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FEED_LIMITS.historyRuns, messages: { type: `limit must be a whole number from 1 to ${FEED_LIMITS.historyRuns}`, minimum: `limit must be a whole number from 1 to ${FEED_LIMITS.historyRuns}`, maximum: `limit must be a whole number from 1 to ${FEED_LIMITS.historyRuns}` } })),
});

/** A feed's offer as the review queue shows it. */
export const FeedOfferSchema = Type.Object({
  id: Type.Integer(),
  feedId: Type.Integer(),
  feedName: Type.String(),
  offerId: Type.String(),
  status: Type.Unsafe<FeedOfferStatus>(Type.String({ enum: [...FEED_OFFER_STATUSES] })),
  name: Type.String(),
  storeId: Type.Integer(),
  store: Type.String(),
  productTypeIds: Type.Array(Type.Integer()),
  promoCode: Type.Union([Type.String(), Type.Null()]),
  currentPrice: Type.Number(),
  previousPrice: Type.Number(),
  dealStartsIn: nullableInstant(),
  dealExpiresIn: nullableInstant(),
  link: Type.String(),
  additionalInformation: Type.Union([Type.String(), Type.Null()]),
  keywords: Type.Union([Type.String(), Type.Null()]),
  badgeText: Type.Union([Type.String(), Type.Null()]),
  badgeColor: Type.String(),
  isFeatured: Type.Boolean(),
  /** The image the run fetched (served at `/api/Attachments/{imageFilePath}`), or null. */
  imageFilePath: Type.Union([Type.String(), Type.Null()]),
  /** The deal it became or was linked to. */
  productId: Type.Union([Type.Integer(), Type.Null()]),
  /** A live deal of the same store and promo code (or link): accepting links to it instead of adding a deal. */
  duplicateOfId: Type.Union([Type.Integer(), Type.Null()]),
  firstSeenAt: instant(),
  updatedAt: instant(),
});
export type FeedOffer = Static<typeof FeedOfferSchema>;

export const FEED_OFFER_SORT_KEYS = ['name', 'store', 'promoCode', 'dealStartsIn', 'dealExpiresIn', 'firstSeenAt', 'updatedAt'] as const;
export type FeedOfferSortKey = (typeof FEED_OFFER_SORT_KEYS)[number];
export const GetFeedOffersQuerySchema = tableQuerySchema(FEED_OFFER_SORT_KEYS, {
  status: Type.Optional(Type.Unsafe<FeedOfferStatus>(Type.String({ enum: [...FEED_OFFER_STATUSES], messages: { enum: `status must be one of ${FEED_OFFER_STATUSES.join(', ')}`, type: `status must be one of ${FEED_OFFER_STATUSES.join(', ')}` } }))),
  feedId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, messages: { type: 'feedId must be a number', minimum: 'feedId is invalid', maximum: 'feedId is invalid' } })),
  search: Type.Optional(Type.String({ maxLength: 200, messages: { maxLength: 'Must be at most 200 characters' } })),
});
export type GetFeedOffersQuery = Static<typeof GetFeedOffersQuerySchema>;
export const FeedOffersPageSchema = TablePageSchema(FeedOfferSchema);

export const FeedOfferIdsBodySchema = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647, messages: { type: FEED_MESSAGES.offerNotFound, minimum: FEED_MESSAGES.offerNotFound } }), {
    minItems: 1,
    maxItems: FEED_LIMITS.bulkMax,
    messages: { minItems: FEED_MESSAGES.bulkSize, maxItems: FEED_MESSAGES.bulkSize, type: FEED_MESSAGES.bulkSize, required: FEED_MESSAGES.bulkSize },
  }),
});
export type FeedOfferIdsBody = Static<typeof FeedOfferIdsBodySchema>;

/** What a bulk accept or reject did: offers it could not take say why (already accepted, gone). */
export const FeedOfferOutcomeSchema = Type.Object({
  message: Type.String(),
  done: Type.Integer(),
  /** Of the accepted, those linked to a live deal instead of creating one. */
  linked: Type.Integer(),
  productIds: Type.Array(Type.Integer()),
  skipped: Type.Array(Type.Object({ id: Type.Integer(), message: Type.String() })),
});
export type FeedOfferOutcome = Static<typeof FeedOfferOutcomeSchema>;

/** "Edit then accept": the offer's deal as the deal form edits it (no image: the offer's own is kept). */
export const AcceptFeedOfferBodySchema = Type.Composite([
  Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, messages: { type: FEED_MESSAGES.offerNotFound, minimum: FEED_MESSAGES.offerNotFound, required: FEED_MESSAGES.offerNotFound } }) }),
  Type.Omit(CreateProductBodySchema, ['image']),
]);
export type AcceptFeedOfferBody = Static<typeof AcceptFeedOfferBodySchema>;

/** A feed whose last runs failed, for the dashboard. */
export const FailingFeedSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  consecutiveFailures: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  lastRunAt: nullableInstant(),
});
export type FailingFeed = Static<typeof FailingFeedSchema>;
