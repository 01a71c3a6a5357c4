/**
 * Affiliate commissions: the networks' transaction reports imported as CSV
 * (`POST Commissions/Import?format=`), and the earnings drawn from them and the click-outs
 * (`GET Commissions/GetEarnings`, the dashboard, the deals and stores tables).
 *
 * A commission counts (in commission totals, conversions and EPC) while it is PENDING or
 * APPROVED; DECLINED and REVERSED ones are kept, shown in the import, and count for nothing.
 * Amounts are never added across currencies: every figure of money carries its currency.
 * EPC (earnings per click) = counted commission / unique click-outs of the same deals and days.
 */
import { Type, type Static } from '@sinclair/typebox';

export const COMMISSION_FORMATS = ['awin', 'cj', 'impact', 'generic'] as const;
export type CommissionFormat = (typeof COMMISSION_FORMATS)[number];
export const COMMISSION_FORMAT_LABELS: Record<CommissionFormat, string> = {
  awin: 'Awin transactions report',
  cj: 'CJ commission detail report',
  impact: 'Impact actions report',
  generic: 'Generic CSV',
};

export const COMMISSION_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'REVERSED'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
/** Statuses whose commission is earned or expected: summed in every report. */
export const COUNTED_COMMISSION_STATUSES: readonly CommissionStatus[] = ['PENDING', 'APPROVED'];

/** The generic format's header, in this order (a report with these names in another order is read too). */
export const GENERIC_COMMISSION_HEADER = ['transactionId', 'clickRef', 'date', 'amount', 'commission', 'currency', 'status'] as const;
export type CommissionField = (typeof GENERIC_COMMISSION_HEADER)[number];

/**
 * Each format's column names per field (compared without case, spaces or punctuation), as the
 * networks name them in their report exports. `currency` may be absent when a format names the
 * currency in the amount's header (`Sale Amount (USD)`).
 */
export const COMMISSION_COLUMNS: Record<CommissionFormat, Record<CommissionField, readonly string[]>> = {
  generic: {
    transactionId: ['transactionId'],
    clickRef: ['clickRef'],
    date: ['date'],
    amount: ['amount'],
    commission: ['commission'],
    currency: ['currency'],
    status: ['status'],
  },
  awin: {
    transactionId: ['Transaction ID', 'id', 'transactionId'],
    clickRef: ['Click Ref', 'clickRef', 'Clickref'],
    date: ['Transaction Date', 'transactionDate', 'Date'],
    amount: ['Sale Amount', 'saleAmount', 'Order Value'],
    commission: ['Commission Amount', 'commissionAmount', 'Commission'],
    currency: ['Currency', 'Sale Currency', 'commissionCurrency'],
    status: ['Commission Status', 'commissionStatus', 'Status'],
  },
  cj: {
    transactionId: ['Commission ID', 'commissionId', 'Action ID', 'actionId'],
    clickRef: ['SID', 'shopperId', 'Shopper ID'],
    date: ['Event Date', 'eventDate', 'Posting Date'],
    amount: ['Sale Amount', 'saleAmountPubCurrency', 'Order Amount'],
    commission: ['Publisher Commission', 'pubCommissionAmountPubCurrency', 'Commission'],
    currency: ['Currency', 'pubCurrency', 'Publisher Currency'],
    status: ['Action Status', 'actionStatus', 'Status'],
  },
  impact: {
    transactionId: ['Action ID', 'ActionId', 'Id'],
    clickRef: ['SubId1', 'Sub Id 1', 'SharedId'],
    date: ['Event Date', 'EventDate', 'Action Date'],
    amount: ['Sale Amount', 'Amount', 'IntendedAmount'],
    commission: ['Payout', 'Commission', 'IntendedPayout'],
    currency: ['Currency', 'CurrencyCode'],
    status: ['Status', 'State', 'ActionState'],
  },
};

/** The networks' status words (lower-case) → ours. Anything else rejects the row. */
export const COMMISSION_STATUS_WORDS: Readonly<Record<string, CommissionStatus>> = {
  pending: 'PENDING',
  new: 'PENDING',
  extended: 'PENDING',
  open: 'PENDING',
  locked: 'APPROVED',
  approved: 'APPROVED',
  closed: 'APPROVED',
  paid: 'APPROVED',
  confirmed: 'APPROVED',
  declined: 'DECLINED',
  rejected: 'DECLINED',
  deleted: 'DECLINED',
  reversed: 'REVERSED',
  corrected: 'REVERSED',
  reversal: 'REVERSED',
  cancelled: 'REVERSED',
  canceled: 'REVERSED',
};

/** A report's body: at most this many bytes and rows are read. */
export const COMMISSION_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const COMMISSION_IMPORT_MAX_ROWS = 2_000_000;
/** Problem rows listed in an import's answer (all are counted). */
export const COMMISSION_IMPORT_LISTED_PROBLEMS = 1000;

export const COMMISSION_MESSAGES = {
  formatInvalid: `format must be one of ${COMMISSION_FORMATS.join(', ')}`,
  empty: 'The report is empty',
  missingColumns: (format: CommissionFormat, missing: readonly string[]) =>
    `The report has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'} (${COMMISSION_FORMAT_LABELS[format]})`,
  tooLarge: `The report is larger than ${COMMISSION_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The report has more than ${COMMISSION_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`,
  badCsv: (line: number) => `The report is not valid CSV (line ${line})`,
  rowTransactionId: 'The row has no transaction id',
  rowClickRef: 'The row has no click reference',
  rowUnknownClick: 'No click-out has this click reference',
  rowDate: 'The date is not a date',
  rowAmount: 'The sale amount is not a number',
  rowCommission: 'The commission is not a number',
  rowCurrency: 'The currency must be a three-letter code such as EUR',
  rowStatus: (status: string) => `Unknown status "${status}"`,
  rowRepeated: 'The transaction appears again further down the report; the last row is kept',
  imported: (created: number, updated: number) => `${created} commission${created === 1 ? '' : 's'} added, ${updated} updated`,
} as const;

export const ImportCommissionsQuerySchema = Type.Object({
  format: Type.Unsafe<CommissionFormat>(
    Type.String({ enum: [...COMMISSION_FORMATS], messages: { enum: COMMISSION_MESSAGES.formatInvalid, type: COMMISSION_MESSAGES.formatInvalid, required: COMMISSION_MESSAGES.formatInvalid } }),
  ),
});
export type ImportCommissionsQuery = Static<typeof ImportCommissionsQuerySchema>;

/** A row of the report that was not imported, with why (its 1-based line in the file). */
export const CommissionProblemSchema = Type.Object({
  line: Type.Integer(),
  transactionId: Type.String(),
  clickRef: Type.String(),
  reason: Type.String(),
});
export type CommissionProblem = Static<typeof CommissionProblemSchema>;

export const CommissionImportResultSchema = Type.Object({
  message: Type.String(),
  /** Data rows read (the header excluded). */
  rows: Type.Integer(),
  /** New transactions. */
  created: Type.Integer(),
  /** Known transactions whose status, amounts or date changed. */
  updated: Type.Integer(),
  /** Known transactions imported again as they were. */
  unchanged: Type.Integer(),
  /** Rows not imported: no click-out with their reference, or a value that cannot be read. */
  unmatched: Type.Integer(),
  /** The first `COMMISSION_IMPORT_LISTED_PROBLEMS` of them. */
  problems: Type.Array(CommissionProblemSchema),
});
export type CommissionImportResult = Static<typeof CommissionImportResultSchema>;

// ---------------------------------------------------------------------------------------------
// Earnings
// ---------------------------------------------------------------------------------------------

/** Days of the default report, of the dashboard and of the tables' `commission30d`/`epc30d`. */
export const EARNINGS_DEFAULT_DAYS = 30;
/** The longest range one report may ask for. */
export const EARNINGS_MAX_DAYS = 800;
export const EARNINGS_GROUPS = ['day', 'deal', 'store'] as const;
export type EarningsGroup = (typeof EARNINGS_GROUPS)[number];

export const EARNINGS_MESSAGES = {
  groupInvalid: `groupBy must be one of ${EARNINGS_GROUPS.join(', ')}`,
  dateInvalid: 'Must be a date such as 2026-01-31',
  rangeInvalid: 'from must not be after to',
  rangeTooLong: `A report covers at most ${EARNINGS_MAX_DAYS} days`,
} as const;

const day = (description: string) =>
  Type.Optional(Type.String({ format: 'date', description, messages: { format: EARNINGS_MESSAGES.dateInvalid, type: EARNINGS_MESSAGES.dateInvalid } }));

export const GetEarningsQuerySchema = Type.Object({
  groupBy: Type.Optional(
    Type.Unsafe<EarningsGroup>(Type.String({ enum: [...EARNINGS_GROUPS], default: 'day', messages: { enum: EARNINGS_MESSAGES.groupInvalid, type: EARNINGS_MESSAGES.groupInvalid } })),
  ),
  from: day(`The first UTC day (YYYY-MM-DD); default ${EARNINGS_DEFAULT_DAYS - 1} days before \`to\`.`),
  to: day('The last UTC day, included; default today.'),
});
export type GetEarningsQuery = Static<typeof GetEarningsQuerySchema>;

/** Money of one currency. */
const money = () => Type.Number();

/**
 * One row of a report: a day, a deal or a store in one currency. A key with clicks and no
 * counted commission has one row with `currency` null; a key earning in two currencies has two
 * rows (the clicks repeated in both, since they are not split by currency).
 */
export const EarningsRowSchema = Type.Object({
  /** `YYYY-MM-DD` for days, the deal's or store's id as text otherwise. */
  key: Type.String(),
  /** The deal's or store's name (the day again for days). */
  name: Type.String(),
  /** The deal's store (deals only). */
  store: Type.Optional(Type.String()),
  currency: Type.Union([Type.String(), Type.Null()]),
  /** Unique click-outs. */
  clicks: Type.Integer(),
  /** Counted commissions (pending or approved). */
  conversions: Type.Integer(),
  /** Their sale amounts (the shop's revenue). */
  revenue: money(),
  commission: money(),
  /** commission / clicks, 0 without clicks. */
  epc: money(),
  /** conversions / clicks in percent, 0 without clicks. */
  conversionRate: Type.Number(),
});
export type EarningsRow = Static<typeof EarningsRowSchema>;

export const EarningsReportSchema = Type.Object({
  scope: Type.Unsafe<'own' | 'all'>(Type.String({ enum: ['own', 'all'] })),
  groupBy: Type.Unsafe<EarningsGroup>(Type.String({ enum: [...EARNINGS_GROUPS] })),
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  /** Days oldest first; deals and stores by commission, most first, then the most clicked that earned nothing (at most 500 rows). */
  rows: Type.Array(EarningsRowSchema),
  /** The whole range per currency (`currency` null when nothing was earned). */
  totals: Type.Array(EarningsRowSchema),
});
export type EarningsReport = Static<typeof EarningsReportSchema>;

/** Earnings figures of a deal or store row of the admin tables (last 30 days; refreshed every few minutes and after each import). */
export const EarningsColumns = {
  /** Counted commission of the last 30 days in `commissionCurrency` (its main currency); 0 without any. */
  commission30d: Type.Number(),
  /** That commission per unique click-out of the same 30 days. */
  epc30d: Type.Number(),
  /** The currency of `commission30d` and `epc30d`; null when the deal earned nothing. */
  commissionCurrency: Type.Union([Type.String(), Type.Null()]),
};

/** The dashboard's earnings (the same scope and 30 days as its clicks). */
export const DashboardEarningsSchema = Type.Object({
  totals: Type.Array(EarningsRowSchema),
  /** Counted commission per UTC day and currency (days without any left out). */
  perDay: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), currency: Type.String(), commission: money() })),
  topDeals: Type.Array(EarningsRowSchema),
  topStores: Type.Array(EarningsRowSchema),
});
export type DashboardEarnings = Static<typeof DashboardEarningsSchema>;
