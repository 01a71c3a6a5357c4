/**
 * Where uploaded images and their renditions are kept: a local folder (the default, one
 * instance) or an S3-compatible bucket (any number of instances). Keys are content-hashed names
 * (`<32 hex>.<ext>`, `sizes/<32 hex>-<width>.webp`): the bytes under a key never change, so a put
 * of an existing key may be skipped, and two instances writing one key write the same bytes.
 */
import type { Readable } from 'node:stream';

export interface OpenedBlob {
  size: number;
  stream: Readable;
}

export interface BlobStore {
  /** For logs: "folder /data/uploads", "bucket deals-uploads at http://…". */
  readonly description: string;
  exists(key: string): Promise<boolean>;
  /** The whole object, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size, or null when there is none. */
  open(key: string): Promise<OpenedBlob | null>;
  /** Writes the object unless the key exists already (same key, same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key, in no particular order. */
  list(): AsyncIterable<string>;
  close(): Promise<void>;
}
