/**
 * CSV as the back office writes it (Download CSV, in the browser and streamed by the API): RFC 4180
 * cells, CRLF lines, and spreadsheet formulas defused. One definition for both writers.
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  title: string;
  value: (row: Row) => CsvValue;
}

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @, tab, CR first) get a leading quote mark
 * (OWASP "CSV injection"): the data comes from users.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvLine(columns.map((column) => column.title));
}

export function csvRows<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  let text = '';
  for (const row of rows) text += csvLine(columns.map((column) => column.value(row)));
  return text;
}

/** A byte-order mark first, so Excel reads the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
