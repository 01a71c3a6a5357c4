import {
  ATTENTION_REASON_LABELS,
  ATTENTION_REASONS,
  LINK_STATUS_LABELS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type AttentionRow,
  type LinkCheck,
} from '@deals/contract';
import type { CsvColumn } from '@deals/shared-auth';
import type { ServerTableSpec } from '@deals/shared-auth/ui';
import { formatDateTime } from '../../lib/format';

export const SCREEN_PATH = '/admin/management/needs-attention';
export const dealEditPath = (productId: number) => `/admin/management/product-deal/edit/${productId}`;

/** The queue's one filter; the API sorts the rows itself (most urgent first), so no sort keys. */
export const ATTENTION_TABLE_SPEC: ServerTableSpec = { fields: { reason: {} } };

/** The reason filter's options, in the queue's order of urgency. */
export const REASON_FILTER = Object.fromEntries(ATTENTION_REASONS.map((kind) => [kind, { text: ATTENTION_REASON_LABELS[kind] }]));

export const dealCount = (count: number) => (count === 1 ? '1 deal' : `${count.toLocaleString('en-US')} deals`);

/** "Link is dead · HTTP 404": what the check found, in one line. */
export function linkCheckSummary(check: LinkCheck): string {
  const status = LINK_STATUS_LABELS[check.status];
  return check.httpStatus === null ? `${status} · no answer` : `${status} · HTTP ${check.httpStatus}`;
}

/** "40% of 12 answers", or the count alone while it is below the minimum the API rates from. */
export function successSummary(row: Pick<AttentionRow, 'successRate' | 'feedbackCount'>): string {
  const answers = row.feedbackCount === 1 ? '1 answer' : `${row.feedbackCount.toLocaleString('en-US')} answers`;
  if (row.successRate === null) return row.feedbackCount === 0 ? 'No answers' : `${answers}, too few to rate`;
  return `${row.successRate}% of ${answers}`;
}

/** The reasons visitors reported, with counts, leaving out the reasons nobody chose. */
export function reportLines(reports: AttentionRow['reports']): string[] {
  return REPORT_REASONS.filter((reason) => reports[reason] > 0).map((reason) => `${REPORT_REASON_LABELS[reason]}: ${reports[reason]}`);
}

/** Download CSV: every matching row, the evidence in its own columns so a spreadsheet can sort on it. */
export const ATTENTION_CSV: readonly CsvColumn<AttentionRow>[] = [
  { title: 'Deal ID', value: (row) => row.productId },
  { title: 'Deal', value: (row) => row.name },
  { title: 'Store', value: (row) => row.store },
  { title: 'Promo Code', value: (row) => row.promoCode },
  { title: 'Reasons', value: (row) => row.reasons.map((reason) => `${ATTENTION_REASON_LABELS[reason.kind]}: ${reason.detail}`).join('; ') },
  { title: 'Link Check', value: (row) => (row.linkCheck ? LINK_STATUS_LABELS[row.linkCheck.status] : null) },
  { title: 'HTTP Status', value: (row) => row.linkCheck?.httpStatus },
  { title: 'Final URL', value: (row) => row.linkCheck?.finalUrl },
  { title: 'Checked On', value: (row) => formatDateTime(row.linkCheck?.checkedAt) },
  { title: 'Success Rate %', value: (row) => row.successRate },
  { title: 'Answers', value: (row) => row.feedbackCount },
  ...REPORT_REASONS.map((reason): CsvColumn<AttentionRow> => ({ title: `Reports: ${REPORT_REASON_LABELS[reason]}`, value: (row) => row.reports[reason] })),
  { title: 'Expires In', value: (row) => formatDateTime(row.dealExpiresIn) },
  { title: 'Verified On', value: (row) => formatDateTime(row.verifiedAt) },
  { title: 'Posted By', value: (row) => row.addedBy },
];
