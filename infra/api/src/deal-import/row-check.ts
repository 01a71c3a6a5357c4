/**
 * One import row checked as the deal form is: its cells become the form's fields (a store and
 * product categories by name, prices with or without `$` and thousands separators, dates in
 * ISO 8601 or the tables' MM/DD/YYYY HH:mm, Yes/No flags), then the form's schema and its
 * cross-field rules answer the same messages the form shows.
 */
import { DEAL_IMPORT_LIMITS, DEAL_IMPORT_MESSAGES, IMPORT_LIST_SEPARATOR, type DealImportKey } from '@deals/contract/deal-import';
import type { DealValues } from '../plugins/app/deals.js';
import { dealFormProblems, dealValues, type DealFormInput } from '../plugins/app/deal-input.js';
import type { ImportCells } from './rows.js';

/** Store and product-category ids by lower-cased trimmed name. */
export interface ImportLookups {
  stores: Map<string, number>;
  productTypes: Map<string, number>;
}

/** The deal form's compiled schema: true when valid, else its errors as `{ field: message }`. */
export type FormValidator = (candidate: Record<string, unknown>) => Record<string, string> | null;

export type CheckedRow =
  | { ok: true; values: DealValues; productTypeIds: number[]; imageUrl: string | null }
  | { ok: false; errors: Partial<Record<DealImportKey, string>>; unknownStore?: string; unknownProductTypes?: string[] };

/** The form's field names for the columns that differ. */
const COLUMN_OF_FIELD: Record<string, DealImportKey> = { categoryId: 'store', productTypeIds: 'productTypes' };

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * A cell our own CSV writer defused (`'=…`) reads back as it was; a formula typed into a feed is
 * kept as plain text (it is never run here, and every CSV the back office writes defuses it again).
 */
const undefused = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

function price(cell: string | undefined): unknown {
  const text = cell?.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (!text) return undefined;
  // Not a number: passed on as text, so the form's own "invalid price" message answers it.
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

function flag(cell: string | undefined): unknown {
  const text = cell?.trim().toLowerCase();
  if (!text) return undefined;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return text;
}

/** The offset of `timeZone` from UTC at `instant`, in minutes. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return (asUtc - Math.floor(instant / 1000) * 1000) / 60_000;
}

/** A wall-clock time in `timeZone` as an instant. */
function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date | null {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const guess = wall - zoneOffset(wall, timeZone) * 60_000;
  return new Date(wall - zoneOffset(guess, timeZone) * 60_000);
}

/**
 * A date cell as the form's ISO text: ISO 8601 with a zone as it is; a date or date-time without
 * one, and the tables' `MM/DD/YYYY[ HH:mm]`, in the importer's time zone. Anything else is passed
 * on unchanged, so the form's "valid date" message answers it.
 */
export function dateCell(cell: string | undefined, timeZone: string): unknown {
  const text = cell?.trim();
  if (!text) return undefined;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? text : date.toISOString();
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2})?)?$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2}))?$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5]] : us ? [us[3], us[1], us[2], us[4], us[5]] : null;
  if (!parts) return text;
  const [year, month, day, hour, minute] = parts.map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  return zonedInstant(year, month, day, hour, minute, timeZone)?.toISOString() ?? text;
}

const optionalText = (cell: string | undefined) => {
  const text = cell === undefined ? '' : undefused(cell).trim();
  return text ? text : undefined;
};

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function checkRow(cells: ImportCells, lookups: ImportLookups, validate: FormValidator, timeZone: string): CheckedRow {
  const errors: Partial<Record<DealImportKey, string>> = {};
  let unknownStore: string | undefined;
  let unknownProductTypes: string[] | undefined;

  const candidate: Record<string, unknown> = {
    name: optionalText(cells.name),
    additionalInformation: optionalText(cells.additionalInformation),
    currentPrice: price(cells.currentPrice),
    previousPrice: price(cells.previousPrice),
    promoCode: optionalText(cells.promoCode),
    dealStartsIn: dateCell(cells.dealStartsIn, timeZone),
    dealExpiresIn: dateCell(cells.dealExpiresIn, timeZone),
    link: optionalText(cells.link),
    keywords: optionalText(cells.keywords),
    badgeText: optionalText(cells.badgeText),
    badgeColor: optionalText(cells.badgeColor),
    isActive: flag(cells.isActive),
    isFeatured: flag(cells.isFeatured),
  };

  const storeName = optionalText(cells.store);
  if (storeName) {
    const id = lookups.stores.get(nameKey(storeName));
    if (id === undefined) {
      unknownStore = storeName;
      errors.store = DEAL_IMPORT_MESSAGES.unknownStore(storeName);
    } else candidate.categoryId = id;
  }
  const typeNames = (optionalText(cells.productTypes) ?? '').split(IMPORT_LIST_SEPARATOR).map((name) => name.trim()).filter(Boolean);
  if (typeNames.length) {
    const unknown = typeNames.filter((name) => !lookups.productTypes.has(nameKey(name)));
    if (unknown.length) {
      unknownProductTypes = unknown;
      errors.productTypes = DEAL_IMPORT_MESSAGES.unknownProductType(unknown);
    } else candidate.productTypeIds = typeNames.map((name) => lookups.productTypes.get(nameKey(name))!);
  }
  for (const [key, value] of Object.entries(candidate)) if (value === undefined) delete candidate[key];

  const imageUrl = optionalText(cells.imageUrl) ?? null;
  if (imageUrl && (imageUrl.length > DEAL_IMPORT_LIMITS.imageUrlLength || !isWebAddress(imageUrl))) errors.imageUrl = DEAL_IMPORT_MESSAGES.imageUrl;

  const schemaErrors = validate(candidate) ?? {};
  const ruleErrors = dealFormProblems(candidate as Partial<DealFormInput>);
  for (const [field, message] of Object.entries({ ...ruleErrors, ...schemaErrors })) {
    const key = COLUMN_OF_FIELD[field] ?? (field as DealImportKey);
    // A name not found says more than "Store is required".
    errors[key] ??= message;
  }
  if (Object.keys(errors).length) return { ok: false, errors, ...(unknownStore ? { unknownStore } : {}), ...(unknownProductTypes ? { unknownProductTypes } : {}) };

  const fields = candidate as unknown as DealFormInput;
  return { ok: true, values: dealValues(fields), productTypeIds: [...new Set(fields.productTypeIds)], imageUrl };
}
