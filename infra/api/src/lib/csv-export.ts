/**
 * Download CSV streamed by the API: the header, then each batch of rows as it is read,
 * so an export of every row of a large table holds one batch in memory at a time. Cells are
 * written (and formulas defused) by the contract's CSV module, as the browser's own downloads are.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvHeader, csvRows, type CsvColumn } from '@deals/contract/csv';
import { TABLE_MESSAGES } from '@deals/contract/tables';
import { fieldError } from '../errors.js';

/**
 * Resolves once the first batch is read, before any byte is sent: that read runs the query with
 * every filter, so a filter the database refuses (an impossible date, an id out of range) fails
 * here and is answered 400 like the list call, instead of cutting a started 200 download short.
 */
export async function sendCsv<Row>(reply: FastifyReply, fileName: string, columns: readonly CsvColumn<Row>[], batches: AsyncIterable<Row[]>): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* chunks() {
    yield CSV_BOM + csvHeader(columns);
    for (let batch = first; !batch.done; batch = await iterator.next()) yield csvRows(columns, batch.value);
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks()));
}

/** The time zone an export writes dates in: the viewer's (validated), else UTC. */
export function exportTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw fieldError('timeZone', TABLE_MESSAGES.timeZone);
  }
}

/**
 * The tables' date-time format (MM/DD/YYYY HH:mm, spec §9) in `timeZone`, for ISO timestamps;
 * empty for none.
 */
export function dateTimeWriter(timeZone: string): (stamp: string | null | undefined) => string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (stamp) => {
    if (!stamp) return '';
    const parts = Object.fromEntries(format.formatToParts(new Date(stamp)).map((part) => [part.type, part.value]));
    return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute}`;
  };
}

/** Prices as the tables show them: 2 decimals with a $ prefix (spec §9). */
export const priceText = (value: number) => `$${value.toFixed(2)}`;
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
