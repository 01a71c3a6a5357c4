/**
 * Affiliate tracking links: a store's network and link template, a deal's choice between its
 * store's template, its own, or a link that already tracks, and the expansion `/out/{dealId}`
 * performs for every click. Pure functions, so the deal form previews the same link the server
 * redirects to.
 *
 * A template is either a network's tracking address with placeholders
 * (`https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&clickref={clickId}&ued={url}`),
 * where `{url}` is the deal's link URL-encoded, or starts with `{url}` followed by query
 * parameters (`{url}?tag=shop-20&ascsubtag={clickId}`, Amazon's way): the deal's own link with
 * those parameters added to its query (before its fragment, replacing a parameter of the same name).
 */
import { Type, type Static } from '@sinclair/typebox';

export const AFFILIATE_NETWORKS = ['NONE', 'AWIN', 'CJ', 'IMPACT', 'RAKUTEN', 'AMAZON', 'CUSTOM'] as const;
export type AffiliateNetwork = (typeof AFFILIATE_NETWORKS)[number];

export const AFFILIATE_NETWORK_LABELS: Record<AffiliateNetwork, string> = {
  NONE: 'None',
  AWIN: 'Awin',
  CJ: 'CJ',
  IMPACT: 'Impact',
  RAKUTEN: 'Rakuten Advertising',
  AMAZON: 'Amazon Associates',
  CUSTOM: 'Custom',
};

/**
 * The shape of each network's deep link. The capitalised words are the account's own values,
 * which staff replace (a template still holding one is refused).
 */
export const AFFILIATE_PRESETS: Record<Exclude<AffiliateNetwork, 'NONE' | 'CUSTOM'>, string> = {
  AWIN: 'https://www.awin1.com/cread.php?awinmid=ADVERTISER_ID&awinaffid=PUBLISHER_ID&clickref={clickId}&ued={url}',
  CJ: 'https://www.anrdoezrs.net/click-PUBLISHER_ID-ADVERTISER_ID?sid={clickId}&url={url}',
  IMPACT: 'https://TRACKING_DOMAIN/c/PUBLISHER_ID/AD_ID/CAMPAIGN_ID?subId1={clickId}&u={url}',
  RAKUTEN: 'https://click.linksynergy.com/deeplink?id=PUBLISHER_ID&mid=ADVERTISER_ID&u1={clickId}&murl={url}',
  AMAZON: '{url}?tag=TRACKING_ID&ascsubtag={clickId}',
};
/** The words of the presets that stand for an account's own values. */
export const AFFILIATE_PRESET_TOKENS = ['ADVERTISER_ID', 'PUBLISHER_ID', 'TRACKING_DOMAIN', 'AD_ID', 'CAMPAIGN_ID', 'TRACKING_ID'] as const;

export const AFFILIATE_PLACEHOLDERS = ['url', 'clickId', 'dealId', 'storeId'] as const;
export type AffiliatePlaceholder = (typeof AFFILIATE_PLACEHOLDERS)[number];

/** How a deal's click-out is tagged. */
export const DEAL_AFFILIATE_MODES = ['STORE', 'OWN', 'TRACKING'] as const;
export type DealAffiliateMode = (typeof DEAL_AFFILIATE_MODES)[number];
export const DEAL_AFFILIATE_MODE_LABELS: Record<DealAffiliateMode, string> = {
  STORE: "Use the store's link template",
  OWN: 'Use its own link template',
  TRACKING: 'The link is already a tracking link',
};

export const AFFILIATE_TEMPLATE_MAX = 2000;

export const AFFILIATE_MESSAGES = {
  networkInvalid: `Affiliate network must be one of ${AFFILIATE_NETWORKS.join(', ')}`,
  modeInvalid: `Affiliate link must be one of ${DEAL_AFFILIATE_MODES.join(', ')}`,
  templateRequired: 'Enter the link template',
  templateTooLong: `Link template must be at most ${AFFILIATE_TEMPLATE_MAX} characters`,
  templateScheme: 'Link template must start with https:// or http://, or with {url} to add parameters to the deal\'s own link',
  templateUnknownPlaceholder: (found: string) => `Unknown placeholder ${found}: use {url}, {clickId}, {dealId} or {storeId}`,
  templateNeedsUrl: 'Link template must contain {url}, where the deal\'s link goes',
  templateNeedsClickId: 'Link template must contain {clickId}, so that commissions can be matched to clicks',
  templateAfterUrl: 'After {url} only query parameters may follow, e.g. {url}?tag=…&subid={clickId}',
  templatePresetToken: (token: string) => `Replace ${token} with your own value from the network`,
  templateInvalid: 'Link template does not make a valid web address',
  templateSpaces: 'Link template must not contain spaces',
} as const;

/** The values a template is expanded with: the deal's link and this click's id. */
export interface AffiliateValues {
  url: string;
  clickId: string;
  dealId: number;
  storeId: number;
}

const PLACEHOLDER = /\{([^{}]*)\}?/g;
const URL_PREFIX = '{url}';

/** A value placed in a template: URL-encoded, so it cannot change the link's structure. */
const encoded = (values: AffiliateValues, name: AffiliatePlaceholder): string => encodeURIComponent(String(values[name]));

/** A template's placeholders replaced by the encoded values. */
function fill(template: string, values: AffiliateValues): string {
  return template.replace(/\{(url|clickId|dealId|storeId)\}/g, (_, name: AffiliatePlaceholder) => encoded(values, name));
}

/**
 * The deal's link as a Location header may carry it: a link of printable ASCII as it is, byte for
 * byte; otherwise parsed, so non-ASCII is percent-encoded (UTF-8) and the host is in punycode (as
 * it is when unparsable).
 */
export function normalisedLink(link: string): string {
  if (/^[\x21-\x7e]*$/.test(link)) return link;
  try {
    return new URL(link).href;
  } catch {
    return link;
  }
}

/**
 * `link` with the query parameters of `extra` (`?a=1&b=2` or `&a=1`) added before its fragment;
 * a parameter of the same name already in the link is replaced, the rest of its query kept byte
 * for byte.
 */
export function withParameters(link: string, extra: string): string {
  const hashAt = link.indexOf('#');
  const fragment = hashAt >= 0 ? link.slice(hashAt) : '';
  const beforeFragment = hashAt >= 0 ? link.slice(0, hashAt) : link;
  const queryAt = beforeFragment.indexOf('?');
  const base = queryAt >= 0 ? beforeFragment.slice(0, queryAt) : beforeFragment;
  const own = queryAt >= 0 ? beforeFragment.slice(queryAt + 1).split('&').filter(Boolean) : [];
  const added = extra.replace(/^[?&]+/, '').split('&').filter(Boolean);
  const nameOf = (pair: string) => pair.split('=')[0] ?? '';
  const addedNames = new Set(added.map(nameOf));
  const query = [...own.filter((pair) => !addedNames.has(nameOf(pair))), ...added];
  return `${base}${query.length > 0 ? `?${query.join('&')}` : ''}${fragment}`;
}

/**
 * The link a click is sent to. `template` null: the deal's link itself. A template starting with
 * `{url}` adds its parameters to the deal's link; any other template is filled in, `{url}`
 * URL-encoded.
 */
export function expandAffiliateLink(template: string | null | undefined, values: AffiliateValues): string {
  if (!template) return normalisedLink(values.url);
  if (template.startsWith(URL_PREFIX)) return withParameters(normalisedLink(values.url), fill(template.slice(URL_PREFIX.length), values));
  return normalisedLink(fill(template, values));
}

/** The template a deal's click-outs use: its own, its store's, or none (the link already tracks, or nobody set one). */
export function templateForDeal(
  deal: { affiliateMode: DealAffiliateMode; affiliateLinkTemplate: string | null },
  store: { affiliateLinkTemplate: string | null } | null | undefined,
): string | null {
  if (deal.affiliateMode === 'TRACKING') return null;
  if (deal.affiliateMode === 'OWN') return deal.affiliateLinkTemplate || null;
  return store?.affiliateLinkTemplate || null;
}

const SAMPLE: AffiliateValues = { url: 'https://shop.example/p/1?x=1#top', clickId: '0123456789abcdef0123456789abcdef', dealId: 1, storeId: 1 };

/** Why a template cannot be used (a message for the field), or null when it can. */
export function affiliateTemplateProblem(template: string): string | null {
  if (template.length > AFFILIATE_TEMPLATE_MAX) return AFFILIATE_MESSAGES.templateTooLong;
  if (/\s/.test(template)) return AFFILIATE_MESSAGES.templateSpaces;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [whole, name] = match;
    if (!whole.endsWith('}') || !(AFFILIATE_PLACEHOLDERS as readonly string[]).includes(name ?? '')) return AFFILIATE_MESSAGES.templateUnknownPlaceholder(whole);
  }
  if (template.includes('}')) {
    const stray = template.replace(/\{(url|clickId|dealId|storeId)\}/g, '');
    if (stray.includes('}')) return AFFILIATE_MESSAGES.templateUnknownPlaceholder('}');
  }
  const token = AFFILIATE_PRESET_TOKENS.find((word) => new RegExp(`(^|[^A-Za-z0-9_])${word}($|[^A-Za-z0-9_])`).test(template));
  if (token) return AFFILIATE_MESSAGES.templatePresetToken(token);
  if (template.startsWith(URL_PREFIX)) {
    const rest = template.slice(URL_PREFIX.length);
    if (!/^[?&][^#]+$/.test(rest) || rest.includes(URL_PREFIX)) return AFFILIATE_MESSAGES.templateAfterUrl;
  } else {
    if (!/^https?:\/\/[^/?#]+/i.test(template)) return AFFILIATE_MESSAGES.templateScheme;
    if (!template.includes(URL_PREFIX)) return AFFILIATE_MESSAGES.templateNeedsUrl;
  }
  if (!template.includes('{clickId}')) return AFFILIATE_MESSAGES.templateNeedsClickId;
  try {
    const expanded = new URL(expandAffiliateLink(template, SAMPLE));
    if (expanded.protocol !== 'https:' && expanded.protocol !== 'http:') return AFFILIATE_MESSAGES.templateScheme;
  } catch {
    return AFFILIATE_MESSAGES.templateInvalid;
  }
  return null;
}

/** The store form's affiliate fields (multipart sends text; an empty template means none). */
export const StoreAffiliateFields = {
  affiliateNetwork: Type.Optional(
    Type.Unsafe<AffiliateNetwork>(
      Type.String({
        enum: [...AFFILIATE_NETWORKS],
        description: 'The store\'s affiliate network; NONE sends click-outs to the deals\' links unchanged. Unchanged on update when absent.',
        messages: { enum: AFFILIATE_MESSAGES.networkInvalid, type: AFFILIATE_MESSAGES.networkInvalid },
      }),
    ),
  ),
  affiliateLinkTemplate: Type.Optional(
    Type.Union([Type.String({ maxLength: AFFILIATE_TEMPLATE_MAX, messages: { maxLength: AFFILIATE_MESSAGES.templateTooLong, type: AFFILIATE_MESSAGES.templateRequired } }), Type.Null()], {
      description:
        'The tracking link of every click-out to this store\'s deals, with the placeholders {url} (the deal\'s link, URL-encoded), {clickId}, {dealId} and {storeId}; or {url} followed by query parameters to add to the deal\'s own link. Required unless the network is NONE; empty or null for none. Unchanged on update when absent.',
    }),
  ),
};

/** What staff read of a store's affiliate settings (`GetCategoryById`, `GetAllCategories` for signed-in staff). */
export const StoreAffiliateSchema = Type.Object({
  affiliateNetwork: Type.Unsafe<AffiliateNetwork>(Type.String({ enum: [...AFFILIATE_NETWORKS] })),
  affiliateLinkTemplate: Type.Union([Type.String(), Type.Null()]),
});
export type StoreAffiliate = Static<typeof StoreAffiliateSchema>;
