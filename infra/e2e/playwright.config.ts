import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { PORTS, REMOTE_ORIGIN_ROOT } from './tests/support/servers';
import { pushTls } from './tests/support/push';

const apiServer = path.resolve(import.meta.dirname, '../api/dist/server.js');

/** One `npm start`-style server per scenario, each with its own throwaway data folder. */
function server(port: number, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deals-e2e-'));
  return {
    command: `node ${apiServer}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // The one-process default runs on embedded PGlite even when CI exports DATABASE_URL.
    env: { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'true', ADMIN_PASSWORD: 'e2e-admin-password', NODE_ENV: 'production', ...env },
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  // Admin tables of 100 rows render in a few seconds on a busy 2-core machine; 5 s flaked there.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORTS.main}`,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: [
    // The main server trusts the push spec's local Web Push receiver (its certificate only).
    // Popularity every second: "Most Popular" follows a click within the test's patience.
    // FETCH_ALLOW_HOSTS: the link checks may reach trust.spec.ts's local store server.
    // Its mail goes to the mail sink below, where email.spec.ts reads it as the recipients would.
    server(PORTS.main, {
      NODE_EXTRA_CA_CERTS: pushTls().certPath,
      POPULARITY_REFRESH_MS: '1000',
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${PORTS.mailSmtp}`,
    }),
    {
      command: `node ${path.resolve(import.meta.dirname, 'tests/support/mail-sink.mjs')}`,
      url: `http://127.0.0.1:${PORTS.mailSink}/__health`,
      reuseExistingServer: false,
      env: { MAIL_SINK_SMTP_PORT: String(PORTS.mailSmtp), MAIL_SINK_HTTP_PORT: String(PORTS.mailSink) },
    },
    // The same build with the catalog remote pointed at an address where nothing listens.
    server(PORTS.deadCatalog, { REMOTE_CATALOG_URL: 'http://127.0.0.1:9/remotes/catalog/mf-manifest.json' }),
    // A stand-in CDN for remote-public, and a server that renders whatever it serves (ssr-redeploy.spec.ts).
    {
      command: `node ${path.resolve(import.meta.dirname, 'tests/support/remote-origin.mjs')}`,
      url: `http://127.0.0.1:${PORTS.remoteOrigin}/__health`,
      reuseExistingServer: false,
      env: { REMOTE_ORIGIN_ROOT, REMOTE_ORIGIN_PORT: String(PORTS.remoteOrigin) },
    },
    server(PORTS.redeploy, { REMOTE_PUBLIC_URL: `http://127.0.0.1:${PORTS.remoteOrigin}/mf-manifest.json`, SSR_REFRESH_MS: '300' }),
  ],
});
