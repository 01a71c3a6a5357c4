/**
 * `npm run backup -w @deals/api`: one tar.gz of the one-process install's DATA_DIR (the embedded
 * database and every other file: uploads, files of earlier versions), taken while the site runs.
 * The running server dumps its database through the control socket; without a server the command
 * opens the database itself, holding the socket meanwhile so no server starts on it.
 *
 * Written to BACKUP_DIR (default: `backups` beside DATA_DIR); the archive's path is the last line
 * printed. With DATABASE_URL (PostgreSQL) it refuses: back that database up with pg_dump.
 */
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { readServerConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { dumpPglite, PGLITE_FOLDER, writeArchive } from '../lib/backup-archive.js';
import { claimControlSocket, controlSocketPath, DataDirInUseError, requestDump, type Dump } from '../lib/control-socket.js';
import { join } from 'node:path';

export function backupDirOf(env: Readonly<Record<string, string | undefined>>, dataDir: string): string {
  return env.BACKUP_DIR?.trim() ? resolve(env.BACKUP_DIR) : resolve(dataDir, '..', 'backups');
}

/** The database dumped by whoever holds it: the running server, or this process. */
async function dumpDatabase(dataDir: string): Promise<{ dump: Dump; from: string }> {
  const socketPath = controlSocketPath(dataDir);
  const fromServer = await requestDump(socketPath);
  if (fromServer) return { dump: fromServer, from: 'the running server' };
  const pgliteDir = join(dataDir, PGLITE_FOLDER);
  if (!(await stat(pgliteDir).catch(() => null))?.isDirectory()) throw new Error(`there is no database in ${dataDir} (no ${PGLITE_FOLDER} folder): is DATA_DIR right?`);
  // Holding the socket keeps a server from opening the database while this process has it open.
  let client: Awaited<ReturnType<typeof openPglite>> | null = null;
  const socket = await claimControlSocket(socketPath, () => (client ? dumpPglite(client) : Promise.reject(new Error('not ready'))));
  try {
    client = await openPglite(pgliteDir);
    try {
      return { dump: await dumpPglite(client), from: 'this command (no server was running)' };
    } finally {
      await client.close();
    }
  } finally {
    await socket.close();
  }
}

async function main(): Promise<void> {
  if (process.env.DATABASE_URL?.trim()) {
    throw new Error('DATABASE_URL is set: this deployment keeps its data in PostgreSQL, which this command does not copy. Back it up with pg_dump (README, "Backups"), and the uploads bucket with its own versioning.');
  }
  const config = readServerConfig(process.env);
  const dataDir = config.app.dataDir!;
  if (!(await stat(dataDir).catch(() => null))?.isDirectory()) throw new Error(`DATA_DIR ${dataDir} does not exist`);
  const backupDir = backupDirOf(process.env, dataDir);
  console.log(`Backing up ${dataDir}`);
  const { dump, from } = await dumpDatabase(dataDir);
  console.log(`Database dumped by ${from}: ${dump.bytes.length} bytes, PostgreSQL ${dump.serverVersion}, ${dump.migrations} migrations`);
  const { path, manifest } = await writeArchive({ dataDir, backupDir, dump, log: (line) => console.log(line) });
  console.log(`${manifest.entries.length - 1} files besides the database`);
  console.log(path);
}

try {
  await main();
} catch (error) {
  const message = error instanceof DataDirInUseError ? `${error.message}; try again in a moment` : error instanceof Error ? error.message : String(error);
  console.error(`Backup failed: ${message}`);
  process.exit(1);
}
