/**
 * Copies an instance's local uploads folder into the bucket, for a deployment moving from one
 * instance to several: only keys the image store could have written, skipping those already in
 * the bucket (so a second run, or one interrupted half-way and run again, copies only the rest).
 */
import { CONTENT_TYPES, STORED_NAME } from '../plugins/app/images.js';
import type { BlobStore } from './blob-store.js';

const SIZED_KEY = /^sizes\/[a-f0-9]{32}-\d+\.webp$/;

export interface CopyReport {
  copied: number;
  alreadyThere: number;
  /** Files that are not uploads (temporary files, anything put there by hand). */
  skipped: string[];
}

export async function copyUploads(source: BlobStore, target: BlobStore): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, skipped: [] };
  for await (const key of source.list()) {
    if (!STORED_NAME.test(key) && !SIZED_KEY.test(key)) {
      report.skipped.push(key);
      continue;
    }
    if (await target.exists(key)) {
      report.alreadyThere += 1;
      continue;
    }
    const bytes = await source.read(key);
    if (!bytes) continue; // deleted meanwhile
    await target.put(key, bytes, CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream');
    report.copied += 1;
  }
  return report;
}
