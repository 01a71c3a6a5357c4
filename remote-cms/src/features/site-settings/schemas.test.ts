import { ValidationError } from 'yup';
import { fromSiteAsset, maskZip, SITE_SETTINGS_FIELDS, SITE_SETTINGS_LIMITS, siteSettingsSchema, toSiteAssetFields, type SiteSettingsValues } from './schemas';
import { siteAsset } from '../../testing/siteSettings';

const valid = (): SiteSettingsValues => fromSiteAsset(siteAsset());

/** The message of the first rule a value breaks, or null when the form takes it. */
function messageOf(field: keyof SiteSettingsValues, value: string): string | null {
  try {
    siteSettingsSchema.validateSyncAt(field, { ...valid(), [field]: value });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

describe('site settings rules (spec §5)', () => {
  it('requires the company name and a valid email with the spec words', () => {
    expect(messageOf('companyName', '')).toBe('Company Name is required');
    expect(messageOf('companyName', '   ')).toBe('Company Name is required');
    expect(messageOf('emailAddress', '')).toBe('Email is required');
    expect(messageOf('emailAddress', 'not-an-email')).toBe('Please enter valid email');
    expect(messageOf('emailAddress', 'hello@dealdrop.test')).toBeNull();
  });

  it('has the spec limits', () => {
    expect(SITE_SETTINGS_LIMITS).toEqual({
      companyName: 250,
      emailAddress: 150,
      phoneNumber: 20,
      streetAddress1: 150,
      streetAddress2: 150,
      city: 100,
      state: 20,
      zipCode: 10,
      primaryWeekDayHours: 150,
      secondaryWeekDayHours: 150,
      primaryWeekEndHours: 150,
      secondaryWeekEndHours: 150,
      facebookLink: 500,
      instagramLink: 500,
      twitterLink: 500,
      linkedInLink: 500,
      youtubeLink: 500,
      tiktokLink: 500,
      googleMapLink: 500,
      appStoreLink: 500,
      googlePlayStoreLink: 500,
      googleAnalyticsId: 500,
      seo: 5000,
      facebookPixelCode: 20,
    });
  });

  it.each([
    ['companyName', 'Company Name', 'a'],
    ['streetAddress1', 'Street Address 1', 'a'],
    ['streetAddress2', 'Street Address 2', 'a'],
    ['city', 'City', 'a'],
    ['state', 'State', 'a'],
    ['primaryWeekDayHours', 'Primary Weekday Hours', 'a'],
    ['secondaryWeekDayHours', 'Secondary Weekday Hours', 'a'],
    ['primaryWeekEndHours', 'Primary Weekend Hours', 'a'],
    ['secondaryWeekEndHours', 'Secondary Weekend Hours', 'a'],
    ['seo', 'SEO', 'a'],
  ] as const)('keeps %s within its limit with the server words', (field, label, letter) => {
    const max = SITE_SETTINGS_LIMITS[field];
    expect(messageOf(field, letter.repeat(max))).toBeNull();
    expect(messageOf(field, letter.repeat(max + 1))).toBe(`${label} must be at most ${max} characters`);
  });

  it('limits the email, phone, zip, pixel and every link with the server words', () => {
    expect(messageOf('emailAddress', `${'a'.repeat(141)}@deals.com`)).toBe('Email must be at most 150 characters');
    expect(messageOf('phoneNumber', '(555) 123-4567 ext 12345')).toBe('Phone Number must be at most 20 characters');
    expect(messageOf('zipCode', '12345678901')).toBe('Zip Code must be at most 10 characters');
    expect(messageOf('facebookPixelCode', '1'.repeat(21))).toBe('Facebook Pixel Code must be at most 20 characters');
    const long = `https://example.com/${'a'.repeat(481)}`;
    for (const [field, label] of [
      ['facebookLink', 'Facebook Link'],
      ['instagramLink', 'Instagram Link'],
      ['twitterLink', 'Twitter Link'],
      ['linkedInLink', 'LinkedIn Link'],
      ['youtubeLink', 'YouTube Link'],
      ['tiktokLink', 'TikTok Link'],
      ['googleMapLink', 'Google Map Link'],
      ['appStoreLink', 'App Store Link'],
      ['googlePlayStoreLink', 'Google Play Store Link'],
    ] as const) {
      expect(messageOf(field, long.slice(0, 500))).toBeNull();
      expect(messageOf(field, long)).toBe(`${label} must be at most 500 characters`);
      expect(messageOf(field, 'javascript:alert(1)')).toBe('Please enter a valid link starting with http:// or https://');
      expect(messageOf(field, '')).toBeNull();
    }
    expect(messageOf('googleAnalyticsId', `G-${'A'.repeat(499)}`)).toBe('Google Analytics Id must be at most 500 characters');
  });

  it('checks the masks and id shapes the server checks, each optional', () => {
    expect(messageOf('phoneNumber', '(555) 123-456')).toBe('Please enter a valid phone number such as (999) 999-9999');
    expect(messageOf('phoneNumber', '')).toBeNull();
    expect(messageOf('zipCode', '1234')).toBe('Please enter a valid 5-digit zip code');
    expect(messageOf('zipCode', '')).toBeNull();
    expect(messageOf('googleAnalyticsId', '<script>')).toBe('Please enter a valid Google Analytics id such as G-XXXXXXXXXX');
    expect(messageOf('googleAnalyticsId', 'UA-123456-1')).toBeNull();
    expect(messageOf('googleAnalyticsId', '')).toBeNull();
    expect(messageOf('facebookPixelCode', 'fbq("init")')).toBe('Please enter a valid Facebook Pixel id (digits only)');
    expect(messageOf('facebookPixelCode', '')).toBeNull();
  });

  it('masks the zip to five digits', () => {
    expect(maskZip('12a34-5678')).toBe('12345');
    expect(maskZip('abc')).toBe('');
  });

  it('reads null as empty and sends empty as null (not sent)', () => {
    const values = fromSiteAsset(siteAsset({ city: null, state: '  IL ' }));
    expect(values.city).toBe('');
    const fields = toSiteAssetFields(values);
    expect(fields.city).toBeNull();
    expect(fields.state).toBe('IL');
    expect(Object.keys(fields)).toEqual(['hotDealThreshold', ...SITE_SETTINGS_FIELDS]);
  });

  it('takes a whole Hot deal threshold from 1 to 1,000,000', () => {
    const values = fromSiteAsset(siteAsset());
    const message = 'Hot deal threshold must be a whole number from 1 to 1,000,000';
    for (const bad of [0, 1.5, 1_000_001]) expect(() => siteSettingsSchema.validateSyncAt('hotDealThreshold', { ...values, hotDealThreshold: bad })).toThrow(message);
    expect(siteSettingsSchema.validateSyncAt('hotDealThreshold', { ...values, hotDealThreshold: 25 })).toBe(25);
  });
});
