/**
 * Content-Security-Policy violation reports, as browsers send them to `POST /api/CspReport`: the
 * older `report-uri` form (`application/csp-report`, one report) and the Reporting API form
 * (`application/reports+json`, a batch). Anonymous, small and rate limited per IP.
 */
import { Type, type Static } from '@sinclair/typebox';

/** Reports accepted per IP address and minute (a page with a broken policy reports every load). */
export const CSP_REPORT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
/** Largest report body, in bytes: a batch of a few reports; a sample of the script is 40 characters. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
/** Reports read from one Reporting API batch; the rest are dropped. */
export const CSP_REPORT_BATCH_MAX = 20;

export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'] as const;

export const CSP_REPORT_MESSAGES = {
  notJson: 'The report is not JSON.',
  notAReport: 'The body is not a Content-Security-Policy report.',
} as const;

/** One violation as the server logs it, whichever form it came in. */
export const CspViolationSchema = Type.Object({
  documentUri: Type.String(),
  blockedUri: Type.String(),
  directive: Type.String(),
  disposition: Type.String(),
  sourceFile: Type.String(),
  lineNumber: Type.Union([Type.Integer(), Type.Null()]),
});
export type CspViolation = Static<typeof CspViolationSchema>;
