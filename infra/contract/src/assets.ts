/**
 * Site settings (`Asset/…`, spec §3 "SiteAsset"): the single company-settings record the
 * assets-and-resources screen edits, with the form's field names.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Email, FileField, Nullable, OptionalText, RequiredText } from './common.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { HOT_DEAL_THRESHOLD, SITE_ASSET_LIMITS, SITE_ASSET_MESSAGES, SITE_ASSET_PATTERNS } from './asset-rules.ts';

const A = LIMITS.siteAsset;

// The masks, texts and limits live in the pure `asset-rules` module (the settings form reads
// them without schema code); re-exported so the contract still offers them here.
export * from './asset-rules.ts';

const Patterned = (label: string, max: number, pattern: string, invalid: string) =>
  Type.Optional(
    Nullable(Type.String({ maxLength: max, pattern, messages: { maxLength: `${label} must be at most ${max} characters`, pattern: invalid, type: invalid } })),
  );

const Link = (label: string) => Patterned(label, A.link, SITE_ASSET_PATTERNS.link, SITE_ASSET_MESSAGES.linkInvalid);

/** The text fields of the settings, as the form names them (files separate). */
const SiteAssetTextFields = {
  companyName: RequiredText({ label: 'Company Name', max: A.companyName, required: MESSAGES.siteAsset.companyNameRequired }),
  emailAddress: Email({ max: A.emailAddress, required: MESSAGES.siteAsset.emailRequired, invalid: MESSAGES.siteAsset.emailInvalid, label: 'Email' }),
  phoneNumber: Patterned('Phone Number', A.phoneNumber, SITE_ASSET_PATTERNS.phoneNumber, SITE_ASSET_MESSAGES.phoneInvalid),
  streetAddress1: OptionalText({ label: 'Street Address 1', max: A.streetAddress }),
  streetAddress2: OptionalText({ label: 'Street Address 2', max: A.streetAddress }),
  city: OptionalText({ label: 'City', max: A.city }),
  state: OptionalText({ label: 'State', max: A.state }),
  zipCode: Patterned('Zip Code', A.zipCode, SITE_ASSET_PATTERNS.zipCode, SITE_ASSET_MESSAGES.zipInvalid),
  primaryWeekDayHours: OptionalText({ label: 'Primary Weekday Hours', max: A.hours }),
  secondaryWeekDayHours: OptionalText({ label: 'Secondary Weekday Hours', max: A.hours }),
  primaryWeekEndHours: OptionalText({ label: 'Primary Weekend Hours', max: A.hours }),
  secondaryWeekEndHours: OptionalText({ label: 'Secondary Weekend Hours', max: A.hours }),
  facebookLink: Link('Facebook Link'),
  instagramLink: Link('Instagram Link'),
  twitterLink: Link('Twitter Link'),
  linkedInLink: Link('LinkedIn Link'),
  youtubeLink: Link('YouTube Link'),
  tiktokLink: Link('TikTok Link'),
  googleMapLink: Link('Google Map Link'),
  appStoreLink: Link('App Store Link'),
  googlePlayStoreLink: Link('Google Play Store Link'),
  googleAnalyticsId: Patterned('Google Analytics Id', A.link, SITE_ASSET_PATTERNS.googleAnalyticsId, SITE_ASSET_MESSAGES.googleAnalyticsIdInvalid),
  /** Plain text (the site's default meta description); rendered as text, never as HTML. */
  seo: OptionalText({ label: 'SEO', max: SITE_ASSET_LIMITS.seo }),
  facebookPixelCode: Patterned('Facebook Pixel Code', SITE_ASSET_LIMITS.facebookPixelCode, SITE_ASSET_PATTERNS.facebookPixelCode, SITE_ASSET_MESSAGES.facebookPixelInvalid),
};

/**
 * `PUT Asset/UpdateAsset` (multipart, or JSON without files). The text fields replace the stored
 * ones (an absent or empty field clears it); `companyLogo`/`companyIcon` replace the images only
 * when sent.
 */
export const UpdateSiteAssetSchema = Type.Object({
  ...SiteAssetTextFields,
  companyLogo: FileField(),
  companyIcon: FileField(),
  /** The "Hot" badge's threshold (unique clicks in 24 h); absent keeps the stored one. */
  hotDealThreshold: Type.Optional(
    Type.Integer({
      minimum: HOT_DEAL_THRESHOLD.min,
      maximum: HOT_DEAL_THRESHOLD.max,
      messages: {
        type: SITE_ASSET_MESSAGES.hotDealThresholdInvalid,
        minimum: SITE_ASSET_MESSAGES.hotDealThresholdInvalid,
        maximum: SITE_ASSET_MESSAGES.hotDealThresholdInvalid,
      },
    }),
  ),
});
export type UpdateSiteAsset = Static<typeof UpdateSiteAssetSchema>;

/** `GET Asset/GetAsset`: every field, null when never set. */
export const SiteAssetSchema = Type.Object({
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
  secondaryWeekDayHours: Nullable(Type.String()),
  primaryWeekEndHours: Nullable(Type.String()),
  secondaryWeekEndHours: Nullable(Type.String()),
  facebookLink: Nullable(Type.String()),
  instagramLink: Nullable(Type.String()),
  twitterLink: Nullable(Type.String()),
  linkedInLink: Nullable(Type.String()),
  youtubeLink: Nullable(Type.String()),
  tiktokLink: Nullable(Type.String()),
  googleMapLink: Nullable(Type.String()),
  appStoreLink: Nullable(Type.String()),
  googlePlayStoreLink: Nullable(Type.String()),
  googleAnalyticsId: Nullable(Type.String()),
  seo: Nullable(Type.String()),
  facebookPixelCode: Nullable(Type.String()),
  /** The "Hot" badge's threshold, default 10. */
  hotDealThreshold: Type.Integer(),
});
export type SiteAsset = Static<typeof SiteAssetSchema>;
