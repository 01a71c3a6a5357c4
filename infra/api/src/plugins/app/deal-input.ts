/**
 * The deal form after schema validation: the rules a schema cannot state (price decimals, expiry
 * after start, a parseable http(s) link, no markup in plain-text fields, existing store and
 * product types), then the row values. Every rule runs before any upload is stored, so a rejected
 * form writes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { OptionalKind, type TSchema } from '@sinclair/typebox';
import { AFFILIATE_MESSAGES, affiliateTemplateProblem, DEAL_FORM_FIELDS, DEAL_MESSAGES, DealFormFieldsSchema, type CreateProductBody } from '@deals/contract';
import { fieldErrors } from '../../errors.js';
import type { DealValues } from './deals.js';

export type DealFormInput = Omit<CreateProductBody, 'image'>;

/** Plain-text fields never carry markup: a tag-like `<x`, `</`, `<!` or `<?` is refused. */
const MARKUP = /<\s*[a-zA-Z/!?]/;
const PLAIN_TEXT_LABELS = {
  name: 'Product Name',
  additionalInformation: 'Additional Information',
  promoCode: 'Promo Code',
  keywords: 'Keywords',
  badgeText: 'Badge Text',
} as const;

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

function isWebLink(link: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The rules a schema cannot state, for a form the schema accepted (or, for an import row, the
 * fields it accepted: each rule reads only values of the right type). Answers `{ field: message }`.
 */
export function dealFormProblems(body: Partial<DealFormInput>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, label] of Object.entries(PLAIN_TEXT_LABELS)) {
    const value = body[field as keyof typeof PLAIN_TEXT_LABELS];
    if (typeof value === 'string' && MARKUP.test(value)) errors[field] = `${label} must not contain HTML tags`;
  }
  if (typeof body.currentPrice === 'number' && !hasAtMostTwoDecimals(body.currentPrice)) errors.currentPrice = DEAL_MESSAGES.currentPriceDecimals;
  if (typeof body.previousPrice === 'number' && !hasAtMostTwoDecimals(body.previousPrice)) errors.previousPrice = DEAL_MESSAGES.previousPriceDecimals;
  if (typeof body.link === 'string' && !isWebLink(body.link)) errors.link = DEAL_MESSAGES.linkInvalid;

  const dealStartsIn = body.dealStartsIn ? new Date(body.dealStartsIn) : null;
  const dealExpiresIn = body.dealExpiresIn ? new Date(body.dealExpiresIn) : null;
  if (dealStartsIn && Number.isNaN(dealStartsIn.getTime())) errors.dealStartsIn = DEAL_MESSAGES.dateInvalid;
  if (dealExpiresIn && Number.isNaN(dealExpiresIn.getTime())) errors.dealExpiresIn = DEAL_MESSAGES.dateInvalid;
  if (dealStartsIn && dealExpiresIn && dealExpiresIn < dealStartsIn) errors.dealExpiresIn ??= DEAL_MESSAGES.expiryBeforeStart;
  // Only a deal that uses its own template needs (and keeps) one.
  const template = text(body.affiliateLinkTemplate);
  if (body.affiliateMode === 'OWN') {
    const problem = template ? affiliateTemplateProblem(template) : AFFILIATE_MESSAGES.templateRequired;
    if (problem) errors.affiliateLinkTemplate = problem;
  }
  return errors;
}

/**
 * A form value as its column keeps it, by what the contract's schema says of the field: dates
 * become dates, optional texts are trimmed and blank ones null, required texts trimmed, and an
 * absent value takes the schema's default (else null).
 */
function columnValue(schema: TSchema, value: unknown): unknown {
  const fallback = (schema.default as unknown) ?? null;
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') return value;
  const members: TSchema[] = schema.anyOf ?? [schema];
  if (members.some((member) => member.format === 'date-time')) return new Date(value);
  return schema[OptionalKind] ? (text(value) ?? fallback) : value.trim();
}

/** The row values of a form that passed every rule. */
export function dealValues(body: DealFormInput): DealValues {
  const values: Record<string, unknown> = {};
  for (const field of DEAL_FORM_FIELDS) {
    if (field !== 'productTypeIds') values[field] = columnValue(DealFormFieldsSchema.properties[field], body[field]);
  }
  if (values.affiliateMode !== 'OWN') values.affiliateLinkTemplate = null;
  return values as DealValues;
}

/** Checks the cross-field rules and the references; answers the row values and the distinct product types. */
export async function readDealForm(fastify: FastifyInstance, body: DealFormInput): Promise<{ values: DealValues; productTypeIds: number[] }> {
  const errors = dealFormProblems(body);
  const productTypeIds = [...new Set(body.productTypeIds)];
  const missing = await fastify.deals.missingReferences(body.categoryId, productTypeIds);
  if (missing.store) errors.categoryId = DEAL_MESSAGES.storeNotFound;
  if (missing.productTypes) errors.productTypeIds = DEAL_MESSAGES.productTypeNotFound;

  const failure = fieldErrors(errors);
  if (failure) throw failure;
  return { productTypeIds, values: dealValues(body) };
}
