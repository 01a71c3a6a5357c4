// `npm run bench:bytes`: what a visitor downloads. Starts the built one-process server on a free
// port with a throwaway data folder, loads each page in Chromium and sums the bytes on the wire
// (compressed) per resource type. Run `npm run build` first.
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, startBuiltServer } from './server.mjs';

const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['/home', '/login', '/admin/management/stores'];
const { base, stop } = await startBuiltServer();
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROME_FLAGS,
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
  stop();
}
