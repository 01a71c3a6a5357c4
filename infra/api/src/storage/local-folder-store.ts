/** The blob store of one instance: files in a folder (`DATA_DIR/uploads`), `sizes/` below it. */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { BlobStore } from './blob-store.js';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The files below a folder as `/`-separated keys. Walked by hand: `readdir`'s `recursive` entries
 * name their folder (`parentPath`) only from Node 20.12, and we support 20.11.
 */
async function* walk(folder: string, prefix = ''): AsyncGenerator<string> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)));
  for (const entry of entries) {
    if (entry.isDirectory()) yield* walk(join(folder, entry.name), `${prefix}${entry.name}/`);
    // Temporary files are writes in progress (or left by a crash), not objects.
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) yield prefix + entry.name;
  }
}

export function createLocalFolderStore(folder: string): BlobStore {
  // Keys come from the image store, which only forms names it could have written.
  const pathOf = (key: string) => join(folder, key);

  return {
    description: `folder ${folder}`,

    exists: (key) => stat(pathOf(key)).then((info) => info.isFile(), () => false),

    read: (key) => readFile(pathOf(key)).catch((error: unknown) => (missing(error) ? null : Promise.reject(error))),

    async open(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size, stream: createReadStream(pathOf(key)) } : null;
    },

    async put(key, bytes) {
      const path = pathOf(key);
      if (await stat(path).then(() => true, () => false)) return;
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },

    async delete(key) {
      await unlink(pathOf(key)).catch((error: unknown) => {
        if (!missing(error)) throw error;
      });
    },

    list: () => walk(folder),

    close: async () => {},
  };
}
