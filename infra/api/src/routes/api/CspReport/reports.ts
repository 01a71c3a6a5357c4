/**
 * Reads a violation report body in either form browsers send (see the contract's csp-report.ts)
 * into the fields worth logging. Every value comes from the visitor's browser, or from anyone:
 * only strings and numbers are kept, each cut short.
 */
import { CSP_REPORT_BATCH_MAX, type CspViolation } from '@deals/contract';

const MAX_TEXT = 300;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_TEXT) : '';
}

function line(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function violation(fields: Fields, names: Record<keyof CspViolation, string[]>): CspViolation | null {
  const pick = (keys: string[]) => keys.map((key) => fields[key]).find((value) => value !== undefined);
  const result: CspViolation = {
    documentUri: text(pick(names.documentUri)),
    blockedUri: text(pick(names.blockedUri)),
    directive: text(pick(names.directive)),
    disposition: text(pick(names.disposition)),
    sourceFile: text(pick(names.sourceFile)),
    lineNumber: line(pick(names.lineNumber)),
  };
  // A report names at least the directive that was broken; anything else is not one.
  return result.directive ? result : null;
}

/** `report-uri`: `{ "csp-report": { "document-uri", "blocked-uri", "violated-directive", … } }`. */
const LEGACY = {
  documentUri: ['document-uri'],
  blockedUri: ['blocked-uri'],
  directive: ['effective-directive', 'violated-directive'],
  disposition: ['disposition'],
  sourceFile: ['source-file'],
  lineNumber: ['line-number'],
};

/** Reporting API: `[{ "type": "csp-violation", "body": { "documentURL", "blockedURL", … } }]`. */
const REPORTING = {
  documentUri: ['documentURL'],
  blockedUri: ['blockedURL'],
  directive: ['effectiveDirective'],
  disposition: ['disposition'],
  sourceFile: ['sourceFile'],
  lineNumber: ['lineNumber'],
};

/** The violations in a parsed body; empty when it is not a report at all. */
export function violationsOf(body: unknown): CspViolation[] {
  if (isObject(body) && isObject(body['csp-report'])) {
    const one = violation(body['csp-report'], LEGACY);
    return one ? [one] : [];
  }
  if (!Array.isArray(body)) return [];
  return body
    .slice(0, CSP_REPORT_BATCH_MAX)
    .filter((report): report is Fields => isObject(report) && report.type === 'csp-violation' && isObject(report.body))
    .map((report) => violation(report.body as Fields, REPORTING))
    .filter((one): one is CspViolation => one !== null);
}
