/**
 * The host side of server rendering with small stand-in server bundles (the real one is exercised
 * in Chromium by infra/e2e/tests/ssr.spec.ts): caching and its invalidation by staff writes, a
 * redeploy picked up without a restart, and the client-rendered fallback for every kind of failure.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createTestStaff, type TestStaff } from '../test-support/staff.js';

const HTML = { accept: 'text/html' };
const SHELL = '<!doctype html><html><head><title>DealDrop: deals and promo codes</title><!--deals-config--></head><body><div id="root">Loading…</div></body></html>';

async function put(root: string, path: string, content: string) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
}

/**
 * A server bundle speaking protocol 1: renders the footer labels it reads from the API, answers
 * 404 for /missing, and runs `extra` (a statement) first, to break it on purpose.
 */
function bundleSource(buildId: string, extra = ''): string {
  return `${extra}
module.exports = {
  protocol: 1,
  buildId: ${JSON.stringify(buildId)},
  async render({ url, api }) {
    const info = await api({ method: 'GET', path: 'Home/GetCMSInfo' });
    const labels = info.body.footerItems.map((item) => item.label).join(', ');
    const status = url.startsWith('/missing') ? 404 : 200;
    return {
      status,
      head: '<title>' + ${JSON.stringify(buildId)} + ' ' + url + '</title>',
      html: '<main><h1>Build ' + ${JSON.stringify(buildId)} + '</h1><p class="footer">' + labels + '</p></main>',
      data: '',
    };
  },
};`;
}

async function deploy(root: string, buildId: string, options: { bundle?: string; manifestBuildId?: string } = {}) {
  const dist = join(root, 'remote-public/dist');
  await put(dist, `server/render-${buildId}.js`, options.bundle ?? bundleSource(buildId));
  await put(dist, `remoteEntry-${buildId}.js`, 'var remote = 1;');
  await put(dist, `css/app-${buildId}.css`, `.hero::after{content:"</style>"}.${buildId}{color:red}`);
  await put(
    dist,
    'mf-manifest.json',
    JSON.stringify({
      name: 'public',
      metaData: {
        remoteEntry: { name: `remoteEntry-${buildId}.js`, path: '' },
        ssrRemoteEntry: { name: `render-${buildId}.js`, path: 'server', type: 'commonjs-module' },
        ssrBuildId: options.manifestBuildId ?? buildId,
      },
      exposes: [{ name: 'App', assets: { js: { sync: [] }, css: { sync: [`css/app-${buildId}.css`] } } }],
    }),
  );
}

describe('server rendering in the host', () => {
  let root: string;
  let t: TestApp;
  let staff: TestStaff;
  const errors: string[] = [];
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });
  /** A redeploy is noticed on the first visit after the refresh interval, which the old build still serves. */
  const waitFor = async (url: string, text: string) => {
    for (let tries = 0; tries < 50; tries += 1) {
      const res = await page(url);
      if (res.body.includes(text)) return res;
      await sleep(50);
    }
    throw new Error(`${url} never showed ${text}`);
  };

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'deals-ssr-'));
    await put(root, 'shell/dist/index.html', SHELL);
    await deploy(root, 'v1');
    t = await createTestApp({
      frontendsRoot: root,
      env: { PUBLIC_CACHE_TTL_MS: '60000', SSR_REFRESH_MS: '50', PUBLIC_URL: 'https://deals.example' },
      logger: {
        level: 'error',
        stream: { write: (line: string) => errors.push(String(JSON.parse(line).msg)) },
      },
    });
    staff = await createTestStaff(t.app);
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('renders into the shell with the build it used, a shared-cache Cache-Control and an ETag', async () => {
    const res = await page('/home');
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<title>v1 \/home<\/title>/);
    assert.doesNotMatch(res.body, /DealDrop: deals and promo codes/);
    assert.match(res.body, /<div id="root"><main><h1>Build v1<\/h1>/);
    assert.match(res.body, /window\.__DEALS_SSR__=\{"remote":"public","buildId":"v1","entry":"\/remotes\/public\/remoteEntry-v1\.js"\}/);
    // Inline, so the first paint needs no stylesheet request; nothing in it can close the element.
    assert.ok(res.body.includes('<style data-href="/remotes/public/css/app-v1.css">.hero::after{content:"<\\/style>"}.v1{color:red}</style>'), res.body);
    assert.equal(res.headers['cache-control'], 'public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    const etag = String(res.headers.etag);
    assert.equal((await page('/home', { 'if-none-match': etag })).statusCode, 304);
    const compressed = await page('/home', { 'accept-encoding': 'br' });
    assert.equal(compressed.headers['content-encoding'], 'br');
    assert.equal(compressed.headers.etag, etag);
  });

  it('answers the status the render chose', async () => {
    const res = await page('/missing-page');
    assert.equal(res.statusCode, 404);
    assert.match(res.body, /<h1>Build v1<\/h1>/);
  });

  it('never renders a draft preview on the server: client-rendered, not cached, not indexed', async () => {
    for (const url of ['/preview', '/preview/shared/abc.def-123', '/preview/shared/abc?utm=x']) {
      const res = await page(url);
      assert.equal(res.statusCode, 200, url);
      assert.match(res.body, /<div id="root">Loading…<\/div>/, url);
      assert.doesNotMatch(res.body, /__DEALS_SSR__|Build v1/, url);
      assert.match(res.body, /<meta name="robots" content="noindex"><\/head>/, url);
      assert.equal(res.headers['x-robots-tag'], 'noindex', url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
    }
    // Only the /preview segment: a page whose url merely starts with the word is rendered as usual.
    const other = await page('/previews-of-2031');
    assert.match(other.body, /<h1>Build v1<\/h1>/);
    assert.doesNotMatch(other.body, /name="robots"/);
    assert.equal(other.headers['x-robots-tag'], undefined);
  });

  it('keeps a page until a staff write changes what it shows, then renders it again at once', async () => {
    await waitFor('/deals', 'Build v1');
    const first = await page('/deals');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/FooterItem/CreateFooterItem',
      headers: staff.admin.headers,
      payload: { label: 'Press kit', to: '/press' },
    });
    assert.equal(created.statusCode, 200, created.body);
    const second = await page('/deals');
    assert.match(second.body, /<p class="footer">Press kit<\/p>/);
    assert.notEqual(second.headers.etag, first.headers.etag);
    assert.equal((await page('/deals', { 'if-none-match': String(first.headers.etag) })).statusCode, 200);
  });

  it('renders with a redeployed build without a restart, and its HTML names the new client entry', async () => {
    await deploy(root, 'v2');
    const res = await waitFor('/home', 'Build v2');
    assert.match(res.body, /"buildId":"v2","entry":"\/remotes\/public\/remoteEntry-v2\.js"/);
    assert.doesNotMatch(res.body, /remoteEntry-v1/);
  });

  it('falls back to the client-rendered document with 200 when the bundle throws, and logs it once', async () => {
    await deploy(root, 'v3', { bundle: bundleSource('v3').replace('async render({ url, api }) {', 'async render() { throw new Error("render exploded");') });
    await waitFor('/stores', 'Loading…');
    for (let visit = 0; visit < 3; visit += 1) {
      const res = await page(`/stores?visit=${visit}`);
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<div id="root">Loading…<\/div>/);
      assert.doesNotMatch(res.body, /__DEALS_SSR__/);
      assert.equal(res.headers['cache-control'], 'no-cache');
    }
    assert.equal(errors.filter((line) => line.includes('render exploded')).length, 1, errors.join('\n'));
  });

  it('falls back when the bundle cannot be evaluated, does not match its manifest or cannot be read', async () => {
    const cases: [string, () => Promise<void>, RegExp][] = [
      ['v4', () => deploy(root, 'v4', { bundle: 'module.exports = require("react");' }), /not a Node built-in/],
      ['v5', () => deploy(root, 'v5', { manifestBuildId: 'v5-other' }), /the server bundle is build v5, the manifest names v5-other/],
      ['v6', () => rm(join(root, 'remote-public/dist/mf-manifest.json')), /manifest could not be read/],
    ];
    for (const [build, breakIt, logged] of cases) {
      await breakIt();
      // Visits go on while the host notices the new deployment; every one of them is a 200.
      for (let tries = 0; !errors.some((line) => logged.test(line)); tries += 1) {
        assert.ok(tries < 50, `${build} was never reported: ${errors.join('\n')}`);
        assert.equal((await page(`/categories?build=${build}`)).statusCode, 200, build);
        await sleep(50);
      }
      const res = await page(`/categories?build=${build}`);
      assert.equal(res.statusCode, 200, build);
      assert.match(res.body, /<div id="root">Loading…<\/div>/, build);
    }
    await deploy(root, 'v7');
    await waitFor('/home', 'Build v7');
  });
});
