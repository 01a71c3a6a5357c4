/**
 * `npm run storage:copy-to-s3 -w @deals/api`: copies `DATA_DIR/uploads` into the bucket that
 * `S3_BUCKET` (with `S3_ENDPOINT`, `S3_REGION`, `S3_FORCE_PATH_STYLE`, `S3_PREFIX` and the AWS
 * credentials) names. Run it once before switching the instances to the bucket; run it again after
 * the switch to catch uploads made in between. Exits non-zero when anything fails.
 */
import { join, resolve } from 'node:path';
import { createLocalFolderStore } from '../storage/local-folder-store.js';
import { copyUploads } from '../storage/copy-uploads.js';
import { createS3Store } from '../storage/s3-store.js';
import { s3SettingsFromEnv } from '../storage/storage-settings.js';

const settings = s3SettingsFromEnv(process.env);
if (!settings) {
  console.error('S3_BUCKET is not set: nothing to copy into.');
  process.exit(1);
}
const folder = join(resolve(process.env.DATA_DIR || './data'), 'uploads');
const target = createS3Store(settings);
try {
  await target.checkBucket();
  const report = await copyUploads(createLocalFolderStore(folder), target);
  console.log(`From ${folder} to ${target.description}: ${report.copied} copied, ${report.alreadyThere} already there, ${report.skipped.length} skipped (not uploads).`);
  for (const key of report.skipped) console.log(`  skipped ${key}`);
} catch (error) {
  console.error(`Copy failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
