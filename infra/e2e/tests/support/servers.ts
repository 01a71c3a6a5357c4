import os from 'node:os';
import path from 'node:path';

export const PORTS = { main: 18480, deadCatalog: 18481, redeploy: 18482, remoteOrigin: 18483, mailSmtp: 18484, mailSink: 18485 } as const;

/** Where the stand-in CDN of the redeploy test serves remote-public from (`current/` inside). */
export const REMOTE_ORIGIN_ROOT = path.join(os.tmpdir(), 'deals-e2e-remote-origin');
