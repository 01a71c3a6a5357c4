import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PORTS, REMOTE_ORIGIN_ROOT } from './support/servers';

// remote-public stays independently deployable with server rendering. The server on
// PORTS.redeploy renders with whatever the stand-in CDN (support/remote-origin.mjs) serves at its
// manifest URL; these tests deploy patched copies of remote-public/dist there, with no rebuild and
// no restart of the shell or the API, and break the server bundle on purpose.

const DIST = path.resolve(import.meta.dirname, '../../../remote-public/dist');
const ORIGIN = `http://127.0.0.1:${PORTS.remoteOrigin}`;
const SITE = `http://127.0.0.1:${PORTS.redeploy}`;
const HEADLINE = 'Work Hard. Shop Harder.';

const builtId = (): string => JSON.parse(fs.readFileSync(path.join(DIST, 'mf-manifest.json'), 'utf8')).metaData.ssrBuildId;

/** Copies the built remote, rewrites text in its scripts and manifest, and makes it the one served. */
function deploy(name: string, replacements: [string, string][] = [], serverBundle?: string, editManifest?: (manifest: { metaData: { ssrBuildId: string } }) => void): void {
  const dir = path.join(REMOTE_ORIGIN_ROOT, `${name}-${Date.now()}`);
  fs.cpSync(DIST, dir, { recursive: true });
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(js|json)$/.test(file)) continue;
    const full = path.join(dir, file);
    let text = fs.readFileSync(full, 'utf8');
    for (const [from, to] of replacements) text = text.split(from).join(to);
    fs.writeFileSync(full, text);
  }
  if (serverBundle !== undefined) fs.writeFileSync(path.join(dir, 'server', 'render.js'), serverBundle);
  if (editManifest) {
    const manifestFile = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    editManifest(manifest);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  }
  // Swap atomically: the origin never serves half a deployment.
  const link = path.join(REMOTE_ORIGIN_ROOT, `current-${Date.now()}`);
  fs.symlinkSync(dir, link);
  fs.renameSync(link, path.join(REMOTE_ORIGIN_ROOT, 'current'));
}

/** The HTML of /home once it shows `text`; the server notices a deployment within its refresh. */
async function homeOnceItShows(text: string | RegExp): Promise<{ status: number; html: string }> {
  let last = { status: 0, html: '' };
  await expect
    .poll(
      async () => {
        const response = await fetch(`${SITE}/home`, { headers: { accept: 'text/html' } });
        last = { status: response.status, html: await response.text() };
        return typeof text === 'string' ? last.html.includes(text) : text.test(last.html);
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  return last;
}

/** Opens /home and checks React took it over with no error and no hydration warning. */
async function openHome(page: Page, headline: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${SITE}/home`);
  await expect(page.getByRole('heading', { name: headline })).toBeVisible();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'true');
  return problems;
}

test.describe.configure({ mode: 'serial' });

test.describe('redeploying remote-public under a running server', () => {
  test('a new build behind the same manifest URL is rendered by the server and hydrated by its own client code', async ({ page }) => {
    const v1 = builtId();
    deploy('v1');
    const first = await homeOnceItShows(`"buildId":"${v1}"`);
    expect(first.status).toBe(200);
    expect(first.html).toContain(HEADLINE);
    expect(first.html).toContain(`"entry":"${ORIGIN}/remoteEntry.js"`);
    expect(await openHome(page, HEADLINE)).toEqual([]);

    // v2: other words, another build id, the same file names at the same URLs.
    const v2 = `${v1}-v2`;
    deploy('v2', [
      [v1, v2],
      [HEADLINE, 'Work Hard. Shop Smarter.'],
    ]);
    const second = await homeOnceItShows(`"buildId":"${v2}"`);
    expect(second.status).toBe(200);
    expect(second.html).toContain('Work Hard. Shop Smarter.');
    expect(second.html).not.toContain(HEADLINE);
    expect(await openHome(page, 'Work Hard. Shop Smarter.')).toEqual([]);
  });

  test('a server bundle that throws falls back to the client-rendered page with 200, and the page still works', async ({ page }) => {
    const broken = `${builtId()}-broken`;
    deploy('broken', [[builtId(), broken]], `module.exports = { protocol: 1, buildId: ${JSON.stringify(broken)}, render() { throw new Error('broken on purpose'); } };`);
    const fallback = await homeOnceItShows('<div id="root"><p class="boot-loading"');
    expect(fallback.status).toBe(200);
    expect(fallback.html).not.toContain('__DEALS_SSR__=');
    expect(fallback.html).not.toContain(HEADLINE);
    // The browser renders the same build's client code, which is intact.
    expect(await openHome(page, HEADLINE)).toEqual([]);
    // Other visitor pages fall back alike, with their own status code from the browser's render.
    const deals = await fetch(`${SITE}/deals`, { headers: { accept: 'text/html' } });
    expect(deals.status).toBe(200);
  });

  test('a manifest whose server bundle does not match it is not used', async () => {
    const v1 = builtId();
    deploy('mismatch', [], undefined, (manifest) => {
      manifest.metaData.ssrBuildId = `${v1}-other`;
    });
    const fallback = await homeOnceItShows('<div id="root"><p class="boot-loading"');
    expect(fallback.status).toBe(200);
    deploy('restored');
    await homeOnceItShows(`"buildId":"${v1}"`);
  });
});
