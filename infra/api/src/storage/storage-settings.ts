/**
 * Which blob store an instance uses, from its environment: `S3_BUCKET` switches to an
 * S3-compatible bucket (`S3_ENDPOINT`, `S3_REGION`, `S3_FORCE_PATH_STYLE`, `S3_PREFIX`, and the AWS
 * SDK's own credential variables: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE, roles…);
 * otherwise the local folder under DATA_DIR.
 */
export interface S3Settings {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2, s3rver); unset: AWS. */
  endpoint?: string;
  region: string;
  /** `bucket` in the path rather than the host name (MinIO, s3rver need it). */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. `uploads/`. */
  prefix: string;
  /** Keys given with the settings; absent: the AWS SDK's own chain (environment, profile, role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export function s3SettingsFromEnv(env: Readonly<Record<string, string | undefined>>): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${env.S3_FORCE_PATH_STYLE}"`);
  const prefix = env.S3_PREFIX?.trim() ?? '';
  if (prefix.startsWith('/')) throw new Error('S3_PREFIX must not start with "/"');
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  const sessionToken = env.AWS_SESSION_TOKEN?.trim();
  return {
    bucket,
    ...(endpoint ? { endpoint } : {}),
    region: env.S3_REGION?.trim() || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    prefix,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } } : {}),
  };
}
