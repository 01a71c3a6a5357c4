/**
 * Uploaded images, exposed as `fastify.images`.
 *
 * - Checked by their bytes (sharp sniffs the format), never by name or declared type: JPEG, PNG,
 *   WebP and GIF only (415 otherwise), at most 10 MB (the multipart limit, 413) and 25 megapixels.
 * - Re-encoded, which drops metadata (EXIF location and the like) and anything smuggled after
 *   the image data; orientation is applied first so photos stay upright.
 * - Stored under content-hashed names (`<32 hex>.<ext>`), plus a WebP rendition `<32 hex>.webp`
 *   (at most 1600 px wide) for the public site; identical uploads share one file.
 * - `open(name, width)` answers a smaller WebP of a stored image for `srcset` (one of
 *   `IMAGE_WIDTHS`), rendered on first request and kept in `sizes/` until the image is released.
 * - `release(paths)` removes files no row refers to any more; call it after the transaction that
 *   dropped the reference has committed.
 *
 * The bytes live in a blob store (storage/): a folder under DATA_DIR, or an S3-compatible bucket
 * shared by every instance when `S3_BUCKET` is set.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import sharp from '../../lib/image-runtime.js';
import { IMAGE_WIDTHS, LIMITS, MESSAGES, type ImageWidth } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../errors.js';
import type { AppOptions } from '../../options.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { createLocalFolderStore } from '../../storage/local-folder-store.js';
import { s3SettingsFromEnv } from '../../storage/storage-settings.js';

/** The only names ever served or deleted: no path can be smuggled through a file name. */
export const STORED_NAME = /^[a-f0-9]{32}\.(?:jpg|png|webp|gif)$/;

const EXTENSION = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' } as const;
type Format = keyof typeof EXTENSION;
const RENDITION_WIDTH = 1600;

export const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** True when a form field carries file bytes (multipart files arrive as Buffers). */
export function isUpload(value: unknown): value is Buffer {
  return Buffer.isBuffer(value) && value.length > 0;
}

/** The WebP rendition of a stored image (the same file when the original is WebP). */
export function webpRendition(filePath: string): string {
  return filePath.replace(/\.(?:jpg|png|gif|webp)$/, '.webp');
}

async function sniff(bytes: Buffer): Promise<Format> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: LIMITS.upload.maxPixels }).metadata()).format;
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw new HttpError(413, MESSAGES.upload.tooManyPixels);
    throw new HttpError(415, MESSAGES.upload.unsupported);
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp' && format !== 'gif') throw new HttpError(415, MESSAGES.upload.unsupported);
  return format;
}

async function reencode(bytes: Buffer, format: Format): Promise<{ original: Buffer; rendition: Buffer }> {
  const input = () => sharp(bytes, { limitInputPixels: LIMITS.upload.maxPixels, animated: format === 'gif' || format === 'webp' }).rotate();
  try {
    const encoded = input();
    if (format === 'jpeg') encoded.jpeg({ quality: 85, mozjpeg: true });
    else if (format === 'png') encoded.png({ compressionLevel: 9 });
    else if (format === 'webp') encoded.webp({ quality: 82 });
    else encoded.gif();
    const original = await encoded.toBuffer();
    const rendition =
      format === 'webp' ? original : await input().resize({ width: RENDITION_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    return { original, rendition };
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw new HttpError(413, MESSAGES.upload.tooManyPixels);
    // Headers that sniff as an image over truncated or corrupt data.
    throw new HttpError(415, MESSAGES.upload.unsupported);
  }
}

/**
 * Whether any row still refers to a stored file. Every column that may hold a stored name is
 * listed; rich-text columns may embed `Attachments/<name>`. Keep in step with the schema when a
 * table gains an image.
 */
// Drafts and revisions keep their images: a draft may be published and any revision
// restored, so an image stays while one of them names it.
const referencesQuery = (name: string) => sql`
  SELECT 1 FROM categories WHERE image_file_path = ${name}
  UNION ALL SELECT 1 FROM product_types WHERE image_file_path = ${name}
  UNION ALL SELECT 1 FROM product_images WHERE file_path = ${name}
  UNION ALL SELECT 1 FROM featured_sections WHERE image_file_path = ${name}
  UNION ALL SELECT 1 FROM pages WHERE banner_image_file_path = ${name} OR strpos(description, ${name}) > 0
  UNION ALL SELECT 1 FROM content_sections WHERE image_path = ${name} OR strpos(description, ${name}) > 0 OR strpos(raw_html, ${name}) > 0
  UNION ALL SELECT 1 FROM banner_items WHERE image_path = ${name} OR strpos(description, ${name}) > 0
  UNION ALL SELECT 1 FROM site_assets WHERE company_logo_path = ${name} OR company_icon_path = ${name}
  UNION ALL SELECT 1 FROM pages WHERE strpos(draft::text, ${name}) > 0
  UNION ALL SELECT 1 FROM content_sections WHERE strpos(draft::text, ${name}) > 0
  UNION ALL SELECT 1 FROM banners WHERE strpos(draft::text, ${name}) > 0
  UNION ALL SELECT 1 FROM revisions WHERE strpos(snapshot::text, ${name}) > 0
  UNION ALL SELECT 1 FROM deal_feed_offers WHERE image_file_path = ${name}
  LIMIT 1`;

/** The key of a stored image's WebP at most `width` px wide. */
export const sizedKey = (name: string, width: number) => `sizes/${name.slice(0, 32)}-${width}.webp`;

export interface OpenedImage {
  size: number;
  contentType: string;
  stream: Readable;
}

export function createImageStore(db: Database, blobs: BlobStore) {
  /** Renders in flight, so a burst of first requests for one size renders it once per process. */
  const rendering = new Map<string, Promise<boolean>>();

  /** Makes the sized rendition unless it exists; false when the image itself is not stored. */
  async function renderSized(name: string, width: ImageWidth): Promise<boolean> {
    const target = sizedKey(name, width);
    if (await blobs.exists(target)) return true;
    const source = await blobs.read(webpRendition(name));
    if (!source) return false;
    const bytes = await sharp(source, { animated: true }).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    // Conditional: another instance making the same size at once leaves one object.
    await blobs.put(target, bytes, CONTENT_TYPES.webp!);
    return true;
  }

  function sized(name: string, width: ImageWidth): Promise<boolean> {
    const key = `${name}:${width}`;
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderSized(name, width).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  async function isReferenced(name: string): Promise<boolean> {
    const result = await db.execute(referencesQuery(name));
    // Both drivers answer `{ rows }`.
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /** Pixel sizes already read: a stored name is a hash of its bytes, so its size never changes. */
  const sizes = new Map<string, Promise<{ width: number; height: number } | null>>();

  return {
    blobs,

    /**
     * The pixel size of a stored image (of the rendition its `?w=` sizes are made from), or null
     * when it is not stored; read once per name and process.
     */
    dimensions(name: string): Promise<{ width: number; height: number } | null> {
      if (!STORED_NAME.test(name)) return Promise.resolve(null);
      let size = sizes.get(name);
      if (!size) {
        const reading: Promise<{ width: number; height: number } | null> = blobs
          .read(webpRendition(name))
          .then((bytes) => (bytes ? sharp(bytes).metadata() : null))
          .then((info) => (info?.width && info.height ? { width: info.width, height: info.height } : null))
          .catch(() => {
            // A bucket that did not answer this once must not leave the image sizeless for good.
            if (sizes.get(name) === reading) sizes.delete(name);
            return null;
          });
        size = reading;
        if (sizes.size >= 10_000) sizes.delete(sizes.keys().next().value!);
        sizes.set(name, size);
      }
      return size;
    },

    /**
     * A stored image to send: the original, or with `width` its WebP at most that wide (never
     * enlarged), rendered on first use. Null when the name is not one we could have stored or
     * nothing is stored under it.
     */
    async open(name: string, width?: ImageWidth): Promise<OpenedImage | null> {
      if (!STORED_NAME.test(name)) return null;
      if (width === undefined) {
        const blob = await blobs.open(name);
        return blob && { ...blob, contentType: CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream' };
      }
      if (!IMAGE_WIDTHS.includes(width) || !(await sized(name, width))) return null;
      const blob = await blobs.open(sizedKey(name, width));
      return blob && { ...blob, contentType: CONTENT_TYPES.webp! };
    },

    /** Validates, re-encodes and stores an upload; answers its file path (`<hash>.<ext>`). */
    async save(bytes: Buffer): Promise<string> {
      if (bytes.length > LIMITS.upload.maxBytes) throw new HttpError(413, MESSAGES.upload.tooLarge);
      const format = await sniff(bytes);
      const { original, rendition } = await reencode(bytes, format);
      const hash = createHash('sha256').update(original).digest('hex').slice(0, 32);
      const name = `${hash}.${EXTENSION[format]}`;
      await blobs.put(name, original, CONTENT_TYPES[EXTENSION[format]]!);
      await blobs.put(webpRendition(name), rendition, CONTENT_TYPES.webp!);
      return name;
    },

    /** Deletes the files of these names that no row refers to any more (and their renditions). */
    async release(names: Iterable<string | null | undefined>): Promise<void> {
      for (const name of new Set(names)) {
        if (!name || !STORED_NAME.test(name)) continue;
        if (await isReferenced(name)) continue;
        const keys = new Set([name, webpRendition(name), ...IMAGE_WIDTHS.map((width) => sizedKey(name, width))]);
        for (const key of keys) await blobs.delete(key);
      }
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStore;
  }
}

/** The configured blob store: the bucket when `S3_BUCKET` is set, else a folder under DATA_DIR. */
async function openBlobStore(opts: AppOptions): Promise<BlobStore> {
  const s3 = s3SettingsFromEnv(opts.env ?? process.env);
  if (s3) {
    // The AWS SDK is loaded only by deployments that use a bucket: it is the heaviest import of the
    // server, and the one-process default never needs it.
    const { createS3Store } = await import('../../storage/s3-store.js');
    const store = createS3Store(s3);
    await store.checkBucket();
    return store;
  }
  if (opts.dataDir) return createLocalFolderStore(join(opts.dataDir, 'uploads'));
  // Tests without a data dir: a folder of their own, removed with the app.
  const folder = await mkdtemp(join(tmpdir(), 'deals-uploads-'));
  const store = createLocalFolderStore(folder);
  return { ...store, close: () => rm(folder, { recursive: true, force: true }) };
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const blobs = await openBlobStore(opts);
    fastify.addHook('onClose', async () => blobs.close());
    fastify.log.info({ store: blobs.description }, 'uploads store ready');
    fastify.decorate('images', createImageStore(fastify.db, blobs));
  },
  { name: 'images', dependencies: ['database'] },
);
