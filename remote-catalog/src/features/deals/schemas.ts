import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import type { Dayjs } from 'dayjs';
import type { FieldPath } from 'react-hook-form';
import { DEFAULT_BADGE_COLOR, HEX_COLOR_PATTERN, LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';
import { DEAL_LINK_PATTERN, DEAL_MESSAGES, MAX_DEAL_PRICE } from '@deals/contract/deal-rules';
import { AFFILIATE_MESSAGES, DEAL_AFFILIATE_MODES, affiliateTemplateProblem, type DealAffiliateMode } from '@deals/contract/affiliate-links';

// The spec's §5 deal rules with the contract's limits and words, so the form and the API agree.
const { deal: limits } = LIMITS;
const text = (label: string, max: number) => string().default('').max(max, tooLongMessage(label, max));

const hasAtMostTwoDecimals = (value: number | null | undefined) => value == null || Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const price = (required: string, invalid: string, decimals: string) =>
  number()
    .typeError(invalid)
    .nullable()
    .required(required)
    .min(0, invalid)
    .max(MAX_DEAL_PRICE, invalid)
    .test('decimals', decimals, hasAtMostTwoDecimals);

const dateTime = mixed<Dayjs>().nullable().default(null);

export const dealSchema = object({
  categoryId: number().nullable().required(MESSAGES.deal.storeRequired),
  productTypeIds: array(number().required()).default([]).min(1, MESSAGES.deal.productTypeRequired),
  name: string().default('').trim().required(MESSAGES.deal.nameRequired).max(limits.name, tooLongMessage('Product Name', limits.name)),
  additionalInformation: text('Additional Information', limits.additionalInformation),
  link: string()
    .default('')
    .trim()
    .required(MESSAGES.deal.linkRequired)
    .max(limits.link, tooLongMessage('Link', limits.link))
    .matches(new RegExp(DEAL_LINK_PATTERN), DEAL_MESSAGES.linkInvalid),
  keywords: text('Keywords', limits.keywords),
  currentPrice: price(MESSAGES.deal.currentPriceRequired, MESSAGES.deal.currentPriceInvalid, DEAL_MESSAGES.currentPriceDecimals),
  previousPrice: price(MESSAGES.deal.previousPriceRequired, MESSAGES.deal.previousPriceInvalid, DEAL_MESSAGES.previousPriceDecimals),
  promoCode: text('Promo Code', limits.promoCode),
  dealStartsIn: dateTime,
  dealExpiresIn: dateTime.test('after-start', DEAL_MESSAGES.expiryBeforeStart, (expires, context) => {
    const starts = (context.parent as { dealStartsIn: Dayjs | null }).dealStartsIn;
    return !expires || !starts || !expires.isBefore(starts);
  }),
  badgeText: string().default('').max(limits.badgeText, MESSAGES.deal.badgeTextMax),
  badgeColor: string()
    .default(DEFAULT_BADGE_COLOR)
    .trim()
    .required(MESSAGES.general.hexColor)
    .max(limits.badgeColor, tooLongMessage('Badge Color', limits.badgeColor))
    .matches(new RegExp(HEX_COLOR_PATTERN), MESSAGES.general.hexColor),
  isActive: boolean().default(true),
  isFeatured: boolean().default(false),
  affiliateMode: string<DealAffiliateMode>().oneOf([...DEAL_AFFILIATE_MODES], AFFILIATE_MESSAGES.modeInvalid).default('STORE'),
  // The deal's own template counts only in OWN mode, where it is required and checked as the server does.
  affiliateLinkTemplate: string()
    .default('')
    .trim()
    .test('own-template', function check(template) {
      if ((this.parent as { affiliateMode?: DealAffiliateMode }).affiliateMode !== 'OWN') return true;
      if (!template) return this.createError({ message: AFFILIATE_MESSAGES.templateRequired });
      const problem = affiliateTemplateProblem(template);
      return problem ? this.createError({ message: problem }) : true;
    }),
});

export type DealFormValues = InferType<typeof dealSchema>;

/** A new deal's form: active, black badge, nothing chosen (spec §3 defaults). */
export const blankDeal = (): DealFormValues => ({
  categoryId: null as unknown as number,
  productTypeIds: [],
  name: '',
  additionalInformation: '',
  link: '',
  keywords: '',
  currentPrice: null as unknown as number,
  previousPrice: null as unknown as number,
  promoCode: '',
  dealStartsIn: null,
  dealExpiresIn: null,
  badgeText: '',
  badgeColor: DEFAULT_BADGE_COLOR,
  isActive: true,
  isFeatured: false,
  affiliateMode: 'STORE',
  affiliateLinkTemplate: '',
});

/** The fields whose server messages (400 `errors`) the form shows under the field. */
export const DEAL_SERVER_FIELDS: readonly FieldPath<DealFormValues>[] = [
  'categoryId',
  'productTypeIds',
  'name',
  'additionalInformation',
  'link',
  'keywords',
  'currentPrice',
  'previousPrice',
  'promoCode',
  'dealStartsIn',
  'dealExpiresIn',
  'badgeText',
  'badgeColor',
  'affiliateMode',
  'affiliateLinkTemplate',
];
