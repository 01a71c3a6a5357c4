import dayjs from 'dayjs';
import type { Product } from '@deals/contract';
import type { DealFields } from './api';
import type { DealFormValues } from './schemas';

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The form's values as the API takes them: blank texts become absent, dates ISO with their offset. */
export function toDealFields(values: DealFormValues): DealFields {
  return {
    categoryId: values.categoryId,
    productTypeIds: values.productTypeIds,
    name: values.name.trim(),
    additionalInformation: orNull(values.additionalInformation),
    isFeatured: values.isFeatured,
    currentPrice: values.currentPrice,
    previousPrice: values.previousPrice,
    promoCode: orNull(values.promoCode),
    dealStartsIn: values.dealStartsIn ? values.dealStartsIn.second(0).millisecond(0).toISOString() : null,
    dealExpiresIn: values.dealExpiresIn ? values.dealExpiresIn.second(0).millisecond(0).toISOString() : null,
    link: values.link.trim(),
    keywords: orNull(values.keywords),
    badgeText: orNull(values.badgeText),
    badgeColor: values.badgeColor,
    isActive: values.isActive,
    affiliateMode: values.affiliateMode,
    // Only OWN uses a template of the deal's own; any other mode saves none.
    affiliateLinkTemplate: values.affiliateMode === 'OWN' ? orNull(values.affiliateLinkTemplate) : null,
  };
}

/** A stored deal as the edit form shows it. */
export function fromProduct(product: Product): DealFormValues {
  return {
    categoryId: product.categoryId,
    productTypeIds: product.productTypeIds,
    name: product.name,
    additionalInformation: product.additionalInformation ?? '',
    link: product.link,
    keywords: product.keywords ?? '',
    currentPrice: product.currentPrice,
    previousPrice: product.previousPrice,
    promoCode: product.promoCode ?? '',
    dealStartsIn: product.dealStartsIn ? dayjs(product.dealStartsIn) : null,
    dealExpiresIn: product.dealExpiresIn ? dayjs(product.dealExpiresIn) : null,
    badgeText: product.badgeText ?? '',
    badgeColor: product.badgeColor,
    isActive: product.isActive,
    isFeatured: product.isFeatured,
    affiliateMode: product.affiliateMode ?? 'STORE',
    affiliateLinkTemplate: product.affiliateLinkTemplate ?? '',
  };
}

/**
 * Whether the signed-in staff member may change a deal (spec §6): admins change any deal, others
 * only the deals they added. The API enforces the same rule.
 */
export function canChangeDeal(viewer: { isAdmin: boolean; userId: number | undefined }, deal: { addedById: number | null }): boolean {
  return viewer.isAdmin || (viewer.userId !== undefined && deal.addedById === viewer.userId);
}
