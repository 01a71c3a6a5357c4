/**
 * `npm run restore -w @deals/api -- ARCHIVE`: a backup made by `npm run backup` back into an empty
 * (or missing) DATA_DIR, with the server stopped. Nothing is written where the site reads until
 * the whole archive checked out: it is unpacked and its database loaded in a temporary folder
 * beside DATA_DIR, which then takes DATA_DIR's place in one rename.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { readServerConfig } from '../config.js';
import { ArchiveError, assembleDataDir, checkCompatible, isEmptyOrMissing, unpackArchive } from '../lib/backup-archive.js';

async function main(): Promise<void> {
  if (process.env.DATABASE_URL?.trim()) {
    throw new Error('DATABASE_URL is set: this deployment keeps its data in PostgreSQL; restore it with pg_restore (README, "Backups").');
  }
  const archiveArgument = process.argv[2];
  if (!archiveArgument) throw new Error('name the archive: npm run restore -w @deals/api -- /path/to/deals-backup-….tar.gz');
  // npm runs scripts in infra/api; the operator names the file from where they typed the command.
  const archive = resolve(process.env.INIT_CWD ?? process.cwd(), archiveArgument);
  if (!(await stat(archive).catch(() => null))?.isFile()) throw new Error(`${archive} is not a file`);
  const dataDir = readServerConfig(process.env).app.dataDir!;
  if (!(await isEmptyOrMissing(dataDir))) {
    throw new Error(`DATA_DIR ${dataDir} is not empty: restore only into an empty or new folder (move the current one aside first, with the server stopped)`);
  }

  await mkdir(dirname(dataDir), { recursive: true });
  const temporary = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${randomBytes(6).toString('hex')}`);
  try {
    console.log(`Checking and unpacking ${archive}`);
    const manifest = await unpackArchive(archive, temporary);
    await checkCompatible(manifest);
    console.log(`Backup of ${manifest.createdAt}: PostgreSQL ${manifest.postgresVersion}, ${manifest.migrations} migrations, ${manifest.entries.length - 1} files besides the database`);
    await assembleDataDir(temporary);
    // Checked again: something may have been put there while the database loaded.
    if (!(await isEmptyOrMissing(dataDir))) throw new Error(`DATA_DIR ${dataDir} is no longer empty; nothing was restored`);
    await rmdir(dataDir).catch((error: unknown) => ((error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : Promise.reject(error)));
    await rename(temporary, dataDir);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  console.log(`Restored into ${dataDir}; start the server on it.`);
  console.log(dataDir);
}

try {
  await main();
} catch (error) {
  const message = error instanceof ArchiveError ? `${error.message}. Nothing was restored.` : error instanceof Error ? error.message : String(error);
  console.error(`Restore failed: ${message}`);
  process.exit(1);
}
