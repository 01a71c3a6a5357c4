/**
 * Uploaded images, exposed as `fastify.images`.
 *
 * - Checked by their bytes (sharp sniffs the format), never by name or declared type: JPEG, PNG,
 *   WebP and GIF only (415 otherwise), at most 10 MB (the multipart limit, 413) and 25 megapixels.
 * - Re-encoded, which drops metadata (EXIF location and the like) and anything smuggled after
 *   the image data; orientation is applied first so photos stay upright.
 * - Stored under content-hashed names (`<32 hex>.<ext>`), plus a WebP rendition `<32 hex>.webp`
 *   (at most 1600 px wide) for the public site; identical uploads share one file.
 * - `sized(name, width)` answers a smaller WebP of a stored image for `srcset` (one of
 *   `IMAGE_WIDTHS`), rendered on first request and kept in `sizes/` until the image is released.
 * - `release(paths)` removes files no row refers to any more; call it after the transaction that
 *   dropped the reference has committed.
 *
 * The storage is a folder under DATA_DIR behind this narrow interface, so an object store can
 * replace it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { IMAGE_WIDTHS, LIMITS, MESSAGES, type ImageWidth } from '../../contract/index.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../errors.js';
import type { AppOptions } from '../../options.js';

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

async function writeOnce(path: string, bytes: Buffer): Promise<void> {
  try {
    await stat(path);
    return; // content-addressed: an existing file already has these bytes
  } catch {
    // write it below
  }
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/**
 * Whether any row still refers to a stored file. Every column that may hold a stored name is
 * listed; rich-text columns may embed `Attachments/<name>`. Keep in step with the schema when a
 * table gains an image.
 */
const referencesQuery = (name: string) => sql`
  SELECT 1 FROM categories WHERE image_file_path = ${name}
  UNION ALL SELECT 1 FROM product_types WHERE image_file_path = ${name}
  UNION ALL SELECT 1 FROM product_images WHERE file_path = ${name}
  UNION ALL SELECT 1 FROM featured_sections WHERE image_file_path = ${name}
  UNION ALL SELECT 1 FROM pages WHERE banner_image_file_path = ${name} OR strpos(description, ${name}) > 0
  UNION ALL SELECT 1 FROM content_sections WHERE image_path = ${name} OR strpos(description, ${name}) > 0 OR strpos(raw_html, ${name}) > 0
  UNION ALL SELECT 1 FROM banner_items WHERE image_path = ${name} OR strpos(description, ${name}) > 0
  UNION ALL SELECT 1 FROM site_assets WHERE company_logo_path = ${name} OR company_icon_path = ${name}
  LIMIT 1`;

export function createImageStore(db: Database, folder: string) {
  const pathOf = (name: string) => join(folder, name);
  const sizedPathOf = (name: string, width: number) => join(folder, 'sizes', `${name.slice(0, 32)}-${width}.webp`);
  /** Renders in flight, so a burst of first requests for one size renders it once. */
  const rendering = new Map<string, Promise<string | null>>();

  async function renderSized(name: string, width: ImageWidth): Promise<string | null> {
    const target = sizedPathOf(name, width);
    if (await stat(target).then(() => true, () => false)) return target;
    const source = pathOf(webpRendition(name));
    if (!(await stat(source).then((info) => info.isFile(), () => false))) return null;
    const bytes = await sharp(source, { animated: true }).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    await mkdir(join(folder, 'sizes'), { recursive: true });
    await writeOnce(target, bytes);
    return target;
  }

  async function isReferenced(name: string): Promise<boolean> {
    const result = await db.execute(referencesQuery(name));
    // Both drivers answer `{ rows }`.
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /** Pixel sizes already read: a stored name is a hash of its bytes, so its size never changes. */
  const sizes = new Map<string, Promise<{ width: number; height: number } | null>>();

  return {
    folder,

    /**
     * The pixel size of a stored image (of the rendition its `?w=` sizes are made from), or null
     * when it is not stored; read once per name and process.
     */
    dimensions(name: string): Promise<{ width: number; height: number } | null> {
      if (!STORED_NAME.test(name)) return Promise.resolve(null);
      let size = sizes.get(name);
      if (!size) {
        size = sharp(pathOf(webpRendition(name)))
          .metadata()
          .then(({ width, height }) => (width && height ? { width, height } : null), () => null);
        if (sizes.size >= 10_000) sizes.delete(sizes.keys().next().value!);
        sizes.set(name, size);
      }
      return size;
    },

    /** Absolute path of a stored name, or null when the name is not one we could have stored. */
    pathOf(name: string): string | null {
      return STORED_NAME.test(name) ? pathOf(name) : null;
    },

    /**
     * Path of the WebP of a stored image at most `width` px wide (never enlarged), rendering it on
     * first use; null when the name is not stored.
     */
    async sized(name: string, width: ImageWidth): Promise<string | null> {
      if (!STORED_NAME.test(name) || !IMAGE_WIDTHS.includes(width)) return null;
      const key = `${name}:${width}`;
      let pending = rendering.get(key);
      if (!pending) {
        pending = renderSized(name, width).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      return pending;
    },

    /** Validates, re-encodes and stores an upload; answers its file path (`<hash>.<ext>`). */
    async save(bytes: Buffer): Promise<string> {
      if (bytes.length > LIMITS.upload.maxBytes) throw new HttpError(413, MESSAGES.upload.tooLarge);
      const format = await sniff(bytes);
      const { original, rendition } = await reencode(bytes, format);
      const hash = createHash('sha256').update(original).digest('hex').slice(0, 32);
      const name = `${hash}.${EXTENSION[format]}`;
      await mkdir(folder, { recursive: true });
      await writeOnce(pathOf(name), original);
      await writeOnce(pathOf(webpRendition(name)), rendition);
      return name;
    },

    /** Deletes the files of these names that no row refers to any more (and their renditions). */
    async release(names: Iterable<string | null | undefined>): Promise<void> {
      for (const name of new Set(names)) {
        if (!name || !STORED_NAME.test(name)) continue;
        if (await isReferenced(name)) continue;
        const files = [...new Set([name, webpRendition(name)])].map(pathOf);
        for (const width of IMAGE_WIDTHS) files.push(sizedPathOf(name, width));
        for (const file of files) {
          await unlink(file).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          });
        }
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

export default fp<AppOptions>(
  async (fastify, opts) => {
    let folder: string;
    if (opts.dataDir) folder = join(opts.dataDir, 'uploads');
    else {
      folder = await mkdtemp(join(tmpdir(), 'deals-uploads-'));
      fastify.addHook('onClose', async () => rm(folder, { recursive: true, force: true }));
    }
    await mkdir(folder, { recursive: true });
    fastify.decorate('images', createImageStore(fastify.db, folder));
  },
  { name: 'images', dependencies: ['database'] },
);
