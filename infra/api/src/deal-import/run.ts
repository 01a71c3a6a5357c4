/**
 * A deal import in two reads of the spooled file: the first checks every row (and, for an import,
 * fetches the valid rows' images, outside any transaction, so a slow image host never holds the
 * database), the second saves the rows that passed in one transaction, in batches. Memory holds a
 * batch and the per-row image names, not the file.
 */
import { asc, sql } from 'drizzle-orm';
import { DEAL_IMPORT_LIMITS, DEAL_IMPORT_MESSAGES, type DealImportEvent, type DealImportPreview, type DealImportProblem, type DealImportReport } from '@deals/contract/deal-import';
import type { Database } from '../db/client.js';
import { categories, productImages, productProductTypes, products, productTypes } from '../db/schema.js';
import { refreshSearchText } from '../db/search-text.js';
import type { AuditTrail } from '../plugins/app/audit.js';
import type { DealValues } from '../plugins/app/deals.js';
import { checkRow, type FormValidator, type ImportLookups } from './row-check.js';
import { readRows, type HeaderMap } from './rows.js';

export interface ImportContext {
  db: Database;
  path: string;
  header: HeaderMap;
  validate: FormValidator;
  timeZone: string;
}

/** Rows saved per INSERT: large enough for few round trips, small enough for bounded statements. */
const SAVE_BATCH = 500;

export async function loadLookups(db: Database): Promise<ImportLookups> {
  const stores = new Map<string, number>();
  const types = new Map<string, number>();
  // The oldest of two records with one name wins, the same on every run.
  for (const row of await db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id))) {
    if (!stores.has(row.name.trim().toLowerCase())) stores.set(row.name.trim().toLowerCase(), row.id);
  }
  for (const row of await db.select({ id: productTypes.id, name: productTypes.name }).from(productTypes).orderBy(asc(productTypes.id))) {
    if (!types.has(row.name.trim().toLowerCase())) types.set(row.name.trim().toLowerCase(), row.id);
  }
  return { stores, productTypes: types };
}

/** Counts and the first problems, shared by the preview and the import's final answer. */
export class Report {
  rows = 0;
  valid = 0;
  problems: DealImportProblem[] = [];
  invalid = 0;
  private stores = new Set<string>();
  private types = new Set<string>();

  problem(line: number, name: string, errors: Record<string, string>, unknownStore?: string, unknownTypes?: readonly string[]) {
    this.invalid++;
    if (this.problems.length < DEAL_IMPORT_LIMITS.maxProblems) this.problems.push({ line, name, errors });
    if (unknownStore && this.stores.size < DEAL_IMPORT_LIMITS.maxUnknownNames) this.stores.add(unknownStore);
    for (const name of unknownTypes ?? []) if (this.types.size < DEAL_IMPORT_LIMITS.maxUnknownNames) this.types.add(name);
  }

  toJSON(): DealImportReport {
    return { rows: this.rows, valid: this.valid, invalid: this.invalid, problems: this.problems, unknownStores: [...this.stores], unknownProductTypes: [...this.types] };
  }
}

/** The first read's outcome: the counts and problems, and the valid rows' image URLs by line. */
export interface CheckedImport {
  report: Report;
  lookups: ImportLookups;
  images: { line: number; url: string; name: string }[];
}

/**
 * The first read: every row checked, nothing saved or fetched. A file refused whole (not CSV
 * after all, too many rows) throws here, before an import answers its first line.
 */
export async function checkImport(context: ImportContext): Promise<CheckedImport> {
  const report = new Report();
  const lookups = await loadLookups(context.db);
  const images: CheckedImport['images'] = [];
  for await (const row of readRows(context.path, context.header)) {
    report.rows++;
    const checked = checkRow(row.cells, lookups, context.validate, context.timeZone);
    if (checked.ok) {
      report.valid++;
      if (checked.imageUrl) images.push({ line: row.line, url: checked.imageUrl, name: checked.values.name });
    } else report.problem(row.line, row.cells.name?.trim() ?? '', checked.errors as Record<string, string>, checked.unknownStore, checked.unknownProductTypes);
  }
  return { report, lookups, images };
}

/** What an import of the file would do. */
export function previewOf(context: ImportContext, checked: CheckedImport): DealImportPreview {
  return {
    ...checked.report.toJSON(),
    columns: context.header.keys.filter((key) => key !== null),
    ignoredColumns: context.header.ignored,
    withImages: checked.images.length,
  };
}

export interface ImportOptions {
  addedById: number;
  /** Fetches and stores one image; answers its stored name, or throws with a reason a person can read. */
  fetchImage: ((url: string) => Promise<string>) | null;
  /** Deletes stored images no row refers to (after a failed save). */
  releaseImages: (names: string[]) => Promise<void>;
  emit: (event: DealImportEvent) => void;
  /** Records the import (one entry, however many deals) in its transaction. */
  audit: AuditTrail;
}

/** Runs at most `limit` of the tasks at once. */
async function inPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function insertBatch(tx: Database, addedById: number, batch: { values: DealValues; productTypeIds: number[]; image: string | undefined }[]) {
  // Ids first, so each row's product types and image are tied to it without relying on RETURNING's order.
  const idRows = (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id FROM generate_series(1, ${batch.length}::int)`)) as unknown as { rows: { id: number }[] };
  const ids = idRows.rows.map((row) => Number(row.id));
  await tx.insert(products).values(batch.map((row, index) => ({ ...row.values, id: ids[index]!, addedById })));
  await tx.insert(productProductTypes).values(batch.flatMap((row, index) => row.productTypeIds.map((productTypeId) => ({ productId: ids[index]!, productTypeId }))));
  const images = batch.flatMap((row, index) => (row.image ? [{ productId: ids[index]!, filePath: row.image, isPreviewImage: true }] : []));
  if (images.length) await tx.insert(productImages).values(images);
  await refreshSearchText(tx, { productIds: ids });
}

/**
 * Saves the rows the check passed. Images are fetched first, outside the transaction (a row whose
 * image cannot be fetched is skipped with the reason); then every remaining row is saved in one
 * transaction, or none.
 */
export async function saveImport(context: ImportContext, checked: CheckedImport, options: ImportOptions): Promise<void> {
  const { report, lookups } = checked;
  const imageOf = new Map<number, string>();
  const failedImage = new Set<number>();
  const stored: string[] = [];
  try {
    const jobs = options.fetchImage ? checked.images : [];
    let fetched = 0;
    for (let start = 0; start < jobs.length; start += 100) {
      await inPool(jobs.slice(start, start + 100), DEAL_IMPORT_LIMITS.imageConcurrency, async ({ line, url, name }) => {
        try {
          const storedName = await options.fetchImage!(url);
          stored.push(storedName);
          imageOf.set(line, storedName);
        } catch (error) {
          failedImage.add(line);
          report.problem(line, name, { imageUrl: DEAL_IMPORT_MESSAGES.imageFailed(error instanceof Error ? error.message : 'unknown error') });
        }
        fetched++;
      });
      options.emit({ type: 'progress', stage: 'images', done: fetched, total: jobs.length });
    }

    const toSave = report.valid - failedImage.size;
    if (toSave === 0) {
      await options.releaseImages(stored);
      options.emit({ type: 'failed', message: DEAL_IMPORT_MESSAGES.nothingToImport });
      return;
    }
    let saved = 0;
    await context.db.transaction(async (tx) => {
      let batch: Parameters<typeof insertBatch>[2] = [];
      const flush = async () => {
        if (!batch.length) return;
        await insertBatch(tx as unknown as Database, options.addedById, batch);
        saved += batch.length;
        batch = [];
        options.emit({ type: 'progress', stage: 'saving', done: saved, total: toSave });
      };
      for await (const row of readRows(context.path, context.header)) {
        if (failedImage.has(row.line)) continue;
        // Checked again against the same names: the file has not changed, so the same rows pass.
        const again = checkRow(row.cells, lookups, context.validate, context.timeZone);
        if (!again.ok) continue;
        batch.push({ values: again.values, productTypeIds: again.productTypeIds, image: imageOf.get(row.line) });
        if (batch.length >= SAVE_BATCH) await flush();
      }
      await flush();
      await options.audit(tx, { action: 'import', recordType: 'deal', changes: { imported: { from: null, to: saved }, rows: { from: null, to: report.rows } } });
    });
    const final = report.toJSON();
    // Rows whose image failed were counted valid by the check: they were skipped after all.
    final.valid = saved;
    final.invalid = final.rows - saved;
    final.problems.sort((a, b) => a.line - b.line);
    options.emit({ type: 'done', imported: saved, message: DEAL_IMPORT_MESSAGES.imported(saved, final.invalid), ...final });
  } catch (error) {
    await options.releaseImages(stored).catch(() => {});
    throw error;
  }
}
