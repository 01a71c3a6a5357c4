// CSV for the admin tables' Download button. Hand-written rather than a parser library: writing
// RFC 4180 is a few lines, and the tables never read CSV back.

export interface CsvColumn<Row> {
  title: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @, tab, CR first) get a leading quote mark
 * (OWASP "CSV injection"): the data comes from users.
 */
function cell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => cell(column.title)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves the rows as `<name>.csv` (with a byte-order mark so Excel reads UTF-8). */
export function downloadCsv<Row>(name: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): void {
  const blob = new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
