/**
 * Affiliate commissions (beyond the spec): importing a network's transaction report and the
 * earnings reports drawn from it.
 *
 * `Import` takes the CSV itself as the body (`text/csv`) and streams it through csv-parse in
 * batches, so memory stays flat whatever the report's size; each batch is one upsert by the
 * network's transaction id. Admins only: commissions are the business's money.
 */
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsvError, parse } from 'csv-parse';
import {
  COMMISSION_IMPORT_LISTED_PROBLEMS,
  COMMISSION_IMPORT_MAX_BYTES,
  COMMISSION_IMPORT_MAX_ROWS,
  COMMISSION_MESSAGES,
  CommissionImportResultSchema,
  EARNINGS_DEFAULT_DAYS,
  EARNINGS_MAX_DAYS,
  EARNINGS_MESSAGES,
  EarningsReportSchema,
  GetEarningsQuerySchema,
  ImportCommissionsQuerySchema,
  type CommissionImportResult,
} from '@deals/contract';
import { fieldError, HttpError } from '../../../errors.js';
import { mapCommissionHeader, readCommissionRow, type CommissionHeader, type CommissionRow, type RowProblem } from '../../../lib/commission-rows.js';
import { isAdmin, staffViewer } from '../../../plugins/app/viewer.js';

/** Rows per upsert: large enough to amortise a statement, small enough for flat memory. */
const BATCH_ROWS = 2000;
const DAY_MS = 86_400_000;
const OWN_DEALS_RULE = 'figures of own deals unless admin';

/** A calendar day that exists (no 31 February) within the years any report can concern. */
function dayInRange(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day && at.getUTCFullYear() >= 1970 && at.getUTCFullYear() <= 9000;
}

/** Counts the bytes of the body as they pass, refusing a report beyond the size cap. */
async function* capped(body: Readable): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    if (bytes > COMMISSION_IMPORT_MAX_BYTES) throw new HttpError(413, COMMISSION_MESSAGES.tooLarge);
    yield buffer;
  }
}

const commissionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.addContentTypeParser(['text/csv', 'text/plain', 'application/octet-stream'], (_request, payload, done) => done(null, payload));

  fastify.post(
    '/Import',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Imports a network\'s transaction report: the CSV file as the body (`text/csv`), `format` awin, cj, impact or generic (header `transactionId,clickRef,date,amount,commission,currency,status`). ' +
          'Each row is matched by its click reference to the click-out (deal and store) it came from and saved by the network\'s transaction id: importing the same report again changes nothing, a later one with a new status or amount updates the row. ' +
          'Rows with no known click reference or an unreadable value are not saved and are listed (the first 1,000) with the reason.',
        consumes: ['text/csv'],
        querystring: ImportCommissionsQuerySchema,
        response: { 200: CommissionImportResultSchema },
      },
    },
    async (request) => {
      const { format } = request.query;
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Partial<Readable>).pipe !== 'function') throw new HttpError(400, COMMISSION_MESSAGES.empty);

      const outcome: CommissionImportResult = { message: '', rows: 0, created: 0, updated: 0, unchanged: 0, unmatched: 0, problems: [] };
      const problem = (found: RowProblem) => {
        outcome.unmatched += 1;
        if (outcome.problems.length < COMMISSION_IMPORT_LISTED_PROBLEMS) outcome.problems.push(found);
      };
      /** The batch being filled, by transaction id: a later row of the same transaction replaces the earlier. */
      let batch = new Map<string, CommissionRow>();
      const flush = async () => {
        if (batch.size === 0) return;
        const rows = [...batch.values()];
        batch = new Map();
        const saved = await fastify.commissions.importBatch(format, rows);
        outcome.created += saved.created;
        outcome.updated += saved.updated;
        outcome.unchanged += saved.unchanged;
        for (const unmatched of saved.unmatched) problem({ ...unmatched, reason: COMMISSION_MESSAGES.rowUnknownClick });
      };

      let header: CommissionHeader | null = null;
      const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024 });
      const source = capped(body);
      const feeding = (async () => {
        try {
          for await (const chunk of source) if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
          parser.end();
        } catch (error) {
          parser.destroy(error as Error);
        }
      })();
      try {
        for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
          if (!header) {
            header = mapCommissionHeader(format, record.record);
            continue;
          }
          outcome.rows += 1;
          if (outcome.rows > COMMISSION_IMPORT_MAX_ROWS) throw new HttpError(413, COMMISSION_MESSAGES.tooManyRows);
          const read = readCommissionRow(header, record.record, record.info.lines);
          if ('problem' in read) {
            problem(read.problem);
            continue;
          }
          const earlier = batch.get(read.row.transactionId);
          if (earlier) problem({ line: earlier.line, transactionId: earlier.transactionId, clickRef: earlier.clickRef, reason: COMMISSION_MESSAGES.rowRepeated });
          batch.set(read.row.transactionId, read.row);
          if (batch.size >= BATCH_ROWS) await flush();
        }
        await flush();
      } catch (error) {
        body.resume();
        if (error instanceof CsvError) throw new HttpError(400, COMMISSION_MESSAGES.badCsv(Number((error as CsvError & { lines?: number }).lines ?? 0)));
        throw error;
      } finally {
        await feeding;
      }
      if (!header) throw new HttpError(400, COMMISSION_MESSAGES.empty);

      await fastify.commissions.refreshEarnings();
      await fastify.audit.recordNow(request, {
        action: 'import',
        recordType: 'commission',
        changes: {
          format: { from: null, to: format },
          rows: { from: null, to: outcome.rows },
          created: { from: null, to: outcome.created },
          updated: { from: null, to: outcome.updated },
          unmatched: { from: null, to: outcome.unmatched },
        },
      });
      outcome.problems.sort((a, b) => a.line - b.line);
      outcome.message = COMMISSION_MESSAGES.imported(outcome.created, outcome.updated);
      return outcome;
    },
  );

  fastify.get(
    '/GetEarnings',
    {
      config: { access: 'staff', rule: OWN_DEALS_RULE },
      schema: {
        description:
          `Affiliate earnings per UTC day, deal or store (\`groupBy\`, default day) over [from, to] (default the last ${EARNINGS_DEFAULT_DAYS} days): unique click-outs, counted conversions (pending or approved), revenue, commission, EPC and conversion rate, ` +
          'one row per key and currency (never summed across currencies), with the totals per currency. Deals and stores: at most 500 rows, those earning most first, then (while there is room) the most clicked that earned nothing; days list every day with clicks or commissions. Staff: their own deals; admins: everyone\'s (`scope`).',
        querystring: GetEarningsQuerySchema,
        response: { 200: EarningsReportSchema },
      },
    },
    async (request) => {
      const to = request.query.to ?? new Date().toISOString().slice(0, 10);
      if (!dayInRange(to)) throw fieldError('to', EARNINGS_MESSAGES.dateInvalid);
      const from = request.query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (EARNINGS_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
      if (!dayInRange(from)) throw fieldError('from', EARNINGS_MESSAGES.dateInvalid);
      const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
      if (span < 0) throw fieldError('from', EARNINGS_MESSAGES.rangeInvalid);
      if (span >= EARNINGS_MAX_DAYS) throw fieldError('from', EARNINGS_MESSAGES.rangeTooLong);
      const scope = isAdmin(request) ? ({ kind: 'all' } as const) : ({ kind: 'own', userId: staffViewer(request).userId } as const);
      return fastify.commissions.report(scope, request.query.groupBy ?? 'day', from, to);
    },
  );
};

export default commissionRoutes;
