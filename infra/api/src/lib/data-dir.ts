/** Files the server keeps under DATA_DIR: generated secrets and uploads. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret from configuration, else the one generated into `${dataDir}/secrets/${name}` on first
 * start (so sessions survive restarts), else (no data dir: tests) a random one for this process.
 */
export async function persistentSecret(
  dataDir: string | undefined,
  name: string,
  configured: string | undefined,
  /** Random bytes of a generated secret, or the generator of a structured one (a key pair as JSON). */
  make: number | (() => string) = 48,
): Promise<string> {
  if (configured?.trim()) return configured.trim();
  const generated = typeof make === 'function' ? make : () => randomBytes(make).toString('base64url');
  if (!dataDir) return generated();
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = generated();
  // 'wx' fails if another process won the race; then read theirs.
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
