// The built one-process server (`npm run build` first) on a free port with a throwaway data
// folder and the demo content, for the benchmark scripts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** @returns {Promise<{ base: string, stop: () => void }>} */
export async function startBuiltServer(port = 18600 + Math.floor(Math.random() * 200)) {
  const server = spawn('node', [path.resolve(import.meta.dirname, '../../api/dist/server.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'deals-bench-')), DEMO_DATA: 'true', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => server.kill();
  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error('server did not start');
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
