/**
 * A network's transaction report, read row by row: the header mapped to the format's fields
 * (contract COMMISSION_COLUMNS, names compared without case, spaces or punctuation), then each
 * row's cells read into a commission or the reason it cannot be one. Pure: the import route
 * streams the CSV through it and writes batches.
 */
import {
  COMMISSION_COLUMNS,
  COMMISSION_MESSAGES,
  COMMISSION_STATUS_WORDS,
  GENERIC_COMMISSION_HEADER,
  importHeaderKey,
  type CommissionField,
  type CommissionFormat,
  type CommissionStatus,
} from '@deals/contract';
import { HttpError } from '../errors.js';

/** Where each field is in the rows, and the currency a header such as `Sale Amount (USD)` names. */
export interface CommissionHeader {
  positions: Record<CommissionField, number>;
  headerCurrency: string | null;
}

export interface CommissionRow {
  line: number;
  transactionId: string;
  clickRef: string;
  occurredAt: string;
  saleAmount: number;
  commission: number;
  currency: string;
  status: CommissionStatus;
}

export interface RowProblem {
  line: number;
  transactionId: string;
  clickRef: string;
  reason: string;
}

const CURRENCY_IN_HEADER = /\(\s*([A-Za-z]{3})\s*\)\s*$/;
const MAX_TRANSACTION_ID = 100;
/** Click ids are 32 characters; a longer reference cannot be one of ours. */
const MAX_CLICK_REF = 40;
const MAX_AMOUNT = 1e11;

/** Maps a report's header row; a missing column answers 400 naming it. */
export function mapCommissionHeader(format: CommissionFormat, header: readonly string[]): CommissionHeader {
  const names = header.map((cell) => importHeaderKey(cell.replace(CURRENCY_IN_HEADER, '')));
  const columns = COMMISSION_COLUMNS[format];
  const positions = {} as Record<CommissionField, number>;
  const missing: string[] = [];
  let headerCurrency: string | null = null;
  for (const field of GENERIC_COMMISSION_HEADER) {
    const position = columns[field].map((name) => names.indexOf(importHeaderKey(name))).find((index) => index >= 0) ?? -1;
    positions[field] = position;
    if (position >= 0 && (field === 'amount' || field === 'commission')) headerCurrency ??= CURRENCY_IN_HEADER.exec(header[position] ?? '')?.[1]?.toUpperCase() ?? null;
  }
  for (const field of GENERIC_COMMISSION_HEADER) {
    if (positions[field] < 0 && !(field === 'currency' && headerCurrency)) missing.push(columns[field][0] ?? field);
  }
  if (missing.length > 0) throw new HttpError(400, COMMISSION_MESSAGES.missingColumns(format, missing));
  return { positions, headerCurrency };
}

/** An amount as networks write it: `1,234.56`, `1234.56`, `-3.20`, `12,50` (a decimal comma), `$12.00`. */
export function parseAmount(text: string): number | null {
  let cleaned = text.trim().replace(/[\s$€£¥]/g, '');
  if (/^-?\d+,\d{1,2}$/.test(cleaned)) cleaned = cleaned.replace(',', '.');
  else cleaned = cleaned.replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Math.round(Number(cleaned) * 100) / 100;
  return Number.isFinite(value) && Math.abs(value) < MAX_AMOUNT ? value : null;
}

/** A transaction date: ISO 8601 (without an offset: UTC), or what `Date` reads; null when unreadable. */
export function parseDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(value);
  const at = iso ? new Date(`${iso[1]}T${iso[2] ?? '00:00:00'}${iso[3] ?? 'Z'}`) : /[a-z]{3}/i.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const year = at.getUTCFullYear();
  return year >= 2000 && year <= 2100 ? at.toISOString() : null;
}

/** One data row read into a commission, or the reason it cannot be imported. */
export function readCommissionRow(header: CommissionHeader, cells: readonly string[], line: number): { row: CommissionRow } | { problem: RowProblem } {
  const cell = (field: CommissionField) => (header.positions[field] >= 0 ? (cells[header.positions[field]] ?? '').trim() : '');
  const transactionId = cell('transactionId');
  const clickRef = cell('clickRef');
  const problem = (reason: string) => ({ problem: { line, transactionId: transactionId.slice(0, MAX_TRANSACTION_ID), clickRef: clickRef.slice(0, MAX_CLICK_REF), reason } });
  if (!transactionId || transactionId.length > MAX_TRANSACTION_ID) return problem(COMMISSION_MESSAGES.rowTransactionId);
  if (!clickRef) return problem(COMMISSION_MESSAGES.rowClickRef);
  if (clickRef.length > MAX_CLICK_REF) return problem(COMMISSION_MESSAGES.rowUnknownClick);
  const occurredAt = parseDate(cell('date'));
  if (!occurredAt) return problem(COMMISSION_MESSAGES.rowDate);
  const saleAmount = parseAmount(cell('amount'));
  if (saleAmount === null) return problem(COMMISSION_MESSAGES.rowAmount);
  const commission = parseAmount(cell('commission'));
  if (commission === null) return problem(COMMISSION_MESSAGES.rowCommission);
  const currency = (cell('currency') || header.headerCurrency || '').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return problem(COMMISSION_MESSAGES.rowCurrency);
  const statusWord = cell('status');
  const status = COMMISSION_STATUS_WORDS[statusWord.toLowerCase()];
  if (!status) return problem(COMMISSION_MESSAGES.rowStatus(statusWord.slice(0, 40)));
  return { row: { line, transactionId, clickRef, occurredAt, saleAmount, commission, currency, status } };
}
