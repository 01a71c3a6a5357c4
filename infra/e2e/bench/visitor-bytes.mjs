// `npm run bench:bytes`: what a visitor downloads. Starts the built one-process server on a free
// port with a throwaway data folder, loads each page in Chromium and sums the bytes on the wire
// (compressed) per resource type. Run `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['/home', '/login', '/admin/management/stores'];
const port = 18600 + Math.floor(Math.random() * 200);
const server = spawn('node', [path.resolve(import.meta.dirname, '../../api/dist/server.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'deals-bench-')), DEMO_DATA: 'true', DATABASE_URL: '' },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if (i > 120) throw new Error('server did not start');
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows = [];
  for (const url of PAGES) {
    const context = await browser.newContext();
    if (url.startsWith('/admin')) {
      // An admin page needs a decodable session; the bytes do not depend on who it is.
      const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const token = `${b64({ alg: 'HS256' })}.${b64({ IsAdmin: 'True', unique_name: 'bench', exp: 4102444800 })}.x`;
      await context.addInitScript((v) => localStorage.setItem('auth', v), JSON.stringify({ user: { id: 1, username: 'bench' }, authToken: token, refreshToken: 'x', isAdmin: true }));
    }
    const page = await context.newPage();
    const sizes = { script: 0, stylesheet: 0, other: 0, requests: 0 };
    page.on('requestfinished', async (request) => {
      const { responseBodySize, responseHeadersSize } = await request.sizes();
      const type = request.resourceType();
      const key = type === 'script' ? 'script' : type === 'stylesheet' ? 'stylesheet' : 'other';
      sizes[key] += responseBodySize + responseHeadersSize;
      sizes.requests += 1;
    });
    await page.goto(base + url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    rows.push({ page: url, jsKB: (sizes.script / 1024).toFixed(1), cssKB: (sizes.stylesheet / 1024).toFixed(1), otherKB: (sizes.other / 1024).toFixed(1), requests: sizes.requests });
    await context.close();
  }
  await browser.close();
  console.log('| page | JS (KB, on the wire) | CSS (KB) | other (KB) | requests |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.page} | ${r.jsKB} | ${r.cssKB} | ${r.otherKB} | ${r.requests} |`);
} finally {
  server.kill();
}
