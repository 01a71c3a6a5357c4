/** What the image store holds, read through its blob store (a folder or a bucket alike). */
import type { FastifyInstance } from 'fastify';
import { STORED_NAME, webpRendition } from '../plugins/app/images.js';

/** Every stored key (originals, renditions, `sizes/…`), sorted. */
export async function storedKeys(app: FastifyInstance): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of app.images.blobs.list()) keys.push(key);
  return keys.sort();
}

/** Whether a stored name is in the store; false for a name the store could never have written. */
export async function isStored(app: FastifyInstance, name: string | null | undefined): Promise<boolean> {
  return Boolean(name && STORED_NAME.test(name)) && app.images.blobs.exists(name!);
}

/** Whether a stored image and its WebP rendition are both in the store. */
export async function isStoredWithRendition(app: FastifyInstance, name: string | null | undefined): Promise<boolean> {
  return Boolean(name) && (await isStored(app, name)) && (await isStored(app, webpRendition(name!)));
}

/** The bytes of a stored key; fails the test when it is missing. */
export async function storedBytes(app: FastifyInstance, key: string): Promise<Buffer> {
  const bytes = await app.images.blobs.read(key);
  if (!bytes) throw new Error(`${key} is not stored`);
  return bytes;
}
