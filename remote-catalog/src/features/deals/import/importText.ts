import { csvLine, CSV_BOM } from '@deals/contract/csv';
import { DEAL_IMPORT_COLUMNS, type DealImportEvent } from '@deals/contract';
import { saveBlob } from '@deals/shared-auth';

/** Column key → the header a person knows it by. */
export const HEADER_OF: Record<string, string> = Object.fromEntries(DEAL_IMPORT_COLUMNS.map((column) => [column.key, column.header]));

const EXAMPLE: Record<string, string> = {
  name: 'Noise Cancelling Headphones',
  store: 'Amazon',
  productTypes: 'Electronics|Audio',
  currentPrice: '199.99',
  previousPrice: '249.99',
  promoCode: 'SAVE20',
  link: 'https://www.example.com/headphones',
  dealStartsIn: '2026-12-01T09:00:00Z',
  dealExpiresIn: '12/31/2026 23:59',
  keywords: 'headphones, audio',
  badgeText: 'Hot',
  badgeColor: '#ff4d4f',
  imageUrl: 'https://www.example.com/headphones.jpg',
  additionalInformation: 'Free shipping',
  isActive: 'Yes',
  isFeatured: 'No',
};

/** Every column's header and one example row. */
export function importTemplate(): string {
  return CSV_BOM + csvLine(DEAL_IMPORT_COLUMNS.map((column) => column.header)) + csvLine(DEAL_IMPORT_COLUMNS.map((column) => EXAMPLE[column.key] ?? ''));
}

export function downloadImportTemplate(): void {
  saveBlob('deals-import-template.csv', new Blob([importTemplate()], { type: 'text/csv;charset=utf-8' }));
}

export function progressText(event: Extract<DealImportEvent, { type: 'progress' }> | null): string {
  const n = (value: number) => value.toLocaleString('en-US');
  if (!event) return 'Starting the import…';
  if (event.stage === 'images') return `Fetching images: ${n(event.done)} of ${n(event.total)}`;
  if (event.stage === 'saving') return `Saving deals: ${n(event.done)} of ${n(event.total)}`;
  return `Checking rows: ${n(event.done)}`;
}
