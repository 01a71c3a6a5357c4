// Download CSV of client-side tables; the cells are written as the API's streamed exports write them.
import { CSV_BOM, csvHeader, csvRows, type CsvColumn } from '@deals/contract/csv';

export type { CsvColumn };

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return csvHeader(columns) + csvRows(columns, rows);
}

/** Saves a file the browser already holds (a Blob) under `fileName`. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the rows as `<name>.csv` (with a byte-order mark so Excel reads UTF-8). */
export function downloadCsv<Row>(name: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): void {
  saveBlob(`${name}.csv`, new Blob([CSV_BOM, toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }));
}
