/**
 * The spooled CSV as rows of `{ column key: cell }`, streamed by csv-parse (quotes, escaped quotes
 * and line breaks inside cells as RFC 4180 has them; a byte-order mark skipped). The header row
 * names the columns: each header is matched to a deal field by its name or a feed's alias.
 */
import { createReadStream } from 'node:fs';
import { parse, CsvError } from 'csv-parse';
import { DEAL_IMPORT_COLUMNS, DEAL_IMPORT_LIMITS, DEAL_IMPORT_MESSAGES, importHeaderKey, type DealImportKey } from '@deals/contract/deal-import';
import { HttpError } from '../errors.js';

export interface HeaderMap {
  /** The column key of each position (null: ignored). */
  keys: (DealImportKey | null)[];
  ignored: string[];
}

export type ImportCells = Partial<Record<DealImportKey, string>>;

export interface ImportRow {
  /** The row's first line in the file (the header is line 1). */
  line: number;
  cells: ImportCells;
}

const COLUMN_BY_HEADER = new Map(DEAL_IMPORT_COLUMNS.flatMap((column) => [column.header, column.key, ...column.aliases].map((name) => [importHeaderKey(name), column] as const)));

export function mapHeader(headers: readonly string[]): HeaderMap {
  const keys: (DealImportKey | null)[] = [];
  const ignored: string[] = [];
  const seen = new Set<DealImportKey>();
  for (const header of headers) {
    const column = COLUMN_BY_HEADER.get(importHeaderKey(header));
    if (!column) {
      if (header.trim()) ignored.push(header.trim());
      keys.push(null);
      continue;
    }
    if (seen.has(column.key)) throw new HttpError(400, DEAL_IMPORT_MESSAGES.duplicateColumn(column.header));
    seen.add(column.key);
    keys.push(column.key);
  }
  const missing = DEAL_IMPORT_COLUMNS.filter((column) => column.required && !seen.has(column.key)).map((column) => column.header);
  if (missing.length) throw new HttpError(400, DEAL_IMPORT_MESSAGES.missingColumns(missing));
  return { keys, ignored };
}

function csvParser(path: string) {
  return createReadStream(path).pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // One cell (or row) beyond this is not a feed: stop rather than buffer it.
      max_record_size: 64 * 1024,
    }),
  );
}

const notCsv = (error: unknown) => (error instanceof CsvError ? new HttpError(400, DEAL_IMPORT_MESSAGES.notCsv(error.message.replace(/^Invalid [^:]*: /, ''))) : error);

/** The header row: read first, so a file without the required columns is refused before any work. */
export async function readHeader(path: string): Promise<HeaderMap> {
  const parser = csvParser(path);
  try {
    for await (const { record } of parser as AsyncIterable<{ record: string[] }>) return mapHeader(record);
  } catch (error) {
    throw notCsv(error);
  } finally {
    parser.destroy();
  }
  throw new HttpError(400, DEAL_IMPORT_MESSAGES.empty);
}

/** Every data row after the header, one at a time. */
export async function* readRows(path: string, header: HeaderMap): AsyncGenerator<ImportRow> {
  const parser = csvParser(path);
  let first = true;
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (first) {
        first = false;
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      if (++count > DEAL_IMPORT_LIMITS.maxRows) throw new HttpError(400, DEAL_IMPORT_MESSAGES.tooManyRows);
      const cells: ImportCells = {};
      header.keys.forEach((key, index) => {
        if (key && record[index] !== undefined) cells[key] = record[index];
      });
      yield { line: info.lines, cells };
    }
  } catch (error) {
    throw notCsv(error);
  } finally {
    parser.destroy();
  }
}
