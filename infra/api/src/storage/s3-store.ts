/**
 * The blob store of a cluster: objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…)
 * through the AWS SDK, so every instance reads what any instance wrote.
 *
 * Writes are conditional (`If-None-Match: *`): of two instances making the same rendition at once,
 * one write lands and the other is refused with 412, which is success here (same key, same
 * bytes). A store that ignores the condition overwrites identical bytes, which is as good.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { BlobStore } from './blob-store.js';
import type { S3Settings } from './storage-settings.js';

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const nameOf = (error: unknown) => (error as { name?: string } | null)?.name;
const isMissing = (error: unknown) => statusOf(error) === 404 || nameOf(error) === 'NoSuchKey' || nameOf(error) === 'NotFound';
/** Another writer got there first (412), or is writing the same key right now (409). */
const lostRace = (error: unknown) =>
  statusOf(error) === 412 || statusOf(error) === 409 || nameOf(error) === 'PreconditionFailed' || nameOf(error) === 'ConditionalRequestConflict';

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores reject or mangle the
    // SDK's default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
}

export function createS3Store(settings: S3Settings, client: S3Client = createS3Client(settings)): BlobStore & { checkBucket(): Promise<void> } {
  const Bucket = settings.bucket;
  const keyOf = (key: string) => settings.prefix + key;

  async function get(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function exists(key: string) {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    description: `bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason = statusOf(error) ? `HTTP ${statusOf(error)}` : String((error as Error).message ?? error);
        throw new Error(`the uploads bucket "${Bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ''} cannot be reached (${reason}): check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials`);
      }
    },

    exists,

    async read(key) {
      const object = await get(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },

    async open(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return { size: Number(object.ContentLength ?? 0), stream: object.Body as Readable };
    },

    async put(key, bytes, contentType) {
      // Asked first: most puts of a rendition find it made already, and a HEAD costs no upload.
      if (await exists(key)) return;
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, IfNoneMatch: '*' }));
      } catch (error) {
        if (!lostRace(error)) throw error;
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(settings.prefix.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    close: async () => client.destroy(),
  };
}
