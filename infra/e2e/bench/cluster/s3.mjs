// The object store both instances put uploads in: s3rver (a small S3-compatible server on the
// file system) on 127.0.0.1, with the run's bucket made up front. It runs in a child process of
// its own (this file, run directly), so its CPU time is not the load generator's and a stop is a
// signal like every other service's.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, sleep, spawnService } from './processes.mjs';

export const BUCKET = 'deals-cluster';

/** @returns {Promise<{ endpoint: string, env: Record<string, string>, service: ReturnType<typeof spawnService> }>} */
export async function startS3(dir, logFile) {
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const service = spawnService('s3rver', process.execPath, [import.meta.filename, String(port), dir], { logFile });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    // s3rver answers the bucket listing of an anonymous caller with 200 (it checks no signature).
    if (await fetch(`${endpoint}/${BUCKET}`).then((r) => r.status < 500, () => false)) break;
    if (service.exited || i > 100) throw new Error(`s3rver did not start (see ${logFile})`);
    await sleep(100);
  }
  return {
    endpoint,
    service,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
  };
}

// Run directly (by startS3): serve until signalled.
if (process.argv[1] === import.meta.filename) {
  const [port, directory] = process.argv.slice(2);
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: Number(port), directory: path.resolve(directory), silent: true, configureBuckets: [{ name: BUCKET }] });
  await server.run();
  console.log(`s3rver on 127.0.0.1:${port}, bucket ${BUCKET}`);
  const close = () => server.close().finally(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
