import { number, object, string, type InferType } from 'yup';
import type { SiteAsset } from '@deals/contract';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';
import { HOT_DEAL_THRESHOLD, SITE_ASSET_LIMITS, SITE_ASSET_MESSAGES, SITE_ASSET_PATTERNS } from '@deals/contract/asset-rules';

// The spec's §5 site-settings rules with the contract's limits, shapes and words, so the form and
// the API (`PUT Asset/UpdateAsset`) agree. Labels in the messages are the server's.
const A = LIMITS.siteAsset;

/** The limit of every text field of the form (spec §5, plus the two the spec leaves open). */
export const SITE_SETTINGS_LIMITS = {
  companyName: A.companyName,
  emailAddress: A.emailAddress,
  phoneNumber: A.phoneNumber,
  streetAddress1: A.streetAddress,
  streetAddress2: A.streetAddress,
  city: A.city,
  state: A.state,
  zipCode: A.zipCode,
  primaryWeekDayHours: A.hours,
  secondaryWeekDayHours: A.hours,
  primaryWeekEndHours: A.hours,
  secondaryWeekEndHours: A.hours,
  facebookLink: A.link,
  instagramLink: A.link,
  twitterLink: A.link,
  linkedInLink: A.link,
  youtubeLink: A.link,
  tiktokLink: A.link,
  googleMapLink: A.link,
  appStoreLink: A.link,
  googlePlayStoreLink: A.link,
  googleAnalyticsId: A.link,
  seo: SITE_ASSET_LIMITS.seo,
  facebookPixelCode: SITE_ASSET_LIMITS.facebookPixelCode,
} as const satisfies Partial<Record<keyof SiteAsset, number>>;

export type SiteSettingsField = keyof typeof SITE_SETTINGS_LIMITS;

/** The text fields the form edits and sends, in the order the screen shows them. */
export const SITE_SETTINGS_FIELDS = Object.keys(SITE_SETTINGS_LIMITS) as SiteSettingsField[];

/** Every field a server message may name: the text fields and the Hot badge's threshold (the clicks that mark a deal Hot). */
export const SITE_SETTINGS_FORM_FIELDS = [...SITE_SETTINGS_FIELDS, 'hotDealThreshold'] as const;

const threshold = number()
  .typeError(SITE_ASSET_MESSAGES.hotDealThresholdInvalid)
  .required(SITE_ASSET_MESSAGES.hotDealThresholdInvalid)
  .integer(SITE_ASSET_MESSAGES.hotDealThresholdInvalid)
  .min(HOT_DEAL_THRESHOLD.min, SITE_ASSET_MESSAGES.hotDealThresholdInvalid)
  .max(HOT_DEAL_THRESHOLD.max, SITE_ASSET_MESSAGES.hotDealThresholdInvalid);

const L = SITE_SETTINGS_LIMITS;
const text = (label: string, max: number) => string().default('').trim().max(max, tooLongMessage(label, max));
const shaped = (label: string, max: number, pattern: string, invalid: string) =>
  text(label, max).matches(new RegExp(pattern), { message: invalid, excludeEmptyString: true });
const link = (label: string, max: number) => shaped(label, max, SITE_ASSET_PATTERNS.link, SITE_ASSET_MESSAGES.linkInvalid);

export const siteSettingsSchema = object({
  companyName: text('Company Name', L.companyName).required(MESSAGES.siteAsset.companyNameRequired),
  emailAddress: text('Email', L.emailAddress).required(MESSAGES.siteAsset.emailRequired).email(MESSAGES.siteAsset.emailInvalid),
  phoneNumber: shaped('Phone Number', L.phoneNumber, SITE_ASSET_PATTERNS.phoneNumber, SITE_ASSET_MESSAGES.phoneInvalid),
  streetAddress1: text('Street Address 1', L.streetAddress1),
  streetAddress2: text('Street Address 2', L.streetAddress2),
  city: text('City', L.city),
  state: text('State', L.state),
  zipCode: shaped('Zip Code', L.zipCode, SITE_ASSET_PATTERNS.zipCode, SITE_ASSET_MESSAGES.zipInvalid),
  primaryWeekDayHours: text('Primary Weekday Hours', L.primaryWeekDayHours),
  secondaryWeekDayHours: text('Secondary Weekday Hours', L.secondaryWeekDayHours),
  primaryWeekEndHours: text('Primary Weekend Hours', L.primaryWeekEndHours),
  secondaryWeekEndHours: text('Secondary Weekend Hours', L.secondaryWeekEndHours),
  facebookLink: link('Facebook Link', L.facebookLink),
  instagramLink: link('Instagram Link', L.instagramLink),
  twitterLink: link('Twitter Link', L.twitterLink),
  linkedInLink: link('LinkedIn Link', L.linkedInLink),
  youtubeLink: link('YouTube Link', L.youtubeLink),
  tiktokLink: link('TikTok Link', L.tiktokLink),
  googleMapLink: link('Google Map Link', L.googleMapLink),
  appStoreLink: link('App Store Link', L.appStoreLink),
  googlePlayStoreLink: link('Google Play Store Link', L.googlePlayStoreLink),
  googleAnalyticsId: shaped('Google Analytics Id', L.googleAnalyticsId, SITE_ASSET_PATTERNS.googleAnalyticsId, SITE_ASSET_MESSAGES.googleAnalyticsIdInvalid),
  seo: text('SEO', L.seo),
  facebookPixelCode: shaped('Facebook Pixel Code', L.facebookPixelCode, SITE_ASSET_PATTERNS.facebookPixelCode, SITE_ASSET_MESSAGES.facebookPixelInvalid),
  hotDealThreshold: threshold,
});

export type SiteSettingsValues = InferType<typeof siteSettingsSchema>;

/** The fields as `PUT Asset/UpdateAsset` takes them: a blank text is null (not sent, which clears it). */
export type SiteSettingsFields = Record<SiteSettingsField, string | null> & { hotDealThreshold: number };

/** The form's values of the stored settings (every field null before the first save). */
export function fromSiteAsset(asset: SiteAsset): SiteSettingsValues {
  const values = {} as SiteSettingsValues;
  for (const field of SITE_SETTINGS_FIELDS) values[field] = asset[field] ?? '';
  values.hotDealThreshold = asset.hotDealThreshold ?? HOT_DEAL_THRESHOLD.default;
  return values;
}

export function toSiteAssetFields(values: SiteSettingsValues): SiteSettingsFields {
  const fields = { hotDealThreshold: values.hotDealThreshold } as SiteSettingsFields;
  for (const field of SITE_SETTINGS_FIELDS) {
    const value = values[field].trim();
    fields[field] = value === '' ? null : value;
  }
  return fields;
}

/** The spec's zip mask 99999: digits only, at most five (typed or pasted). */
export const maskZip = (typed: string): string => typed.replace(/\D/g, '').slice(0, 5);
