import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { injectClientConfig } from './frontends.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const BIG_JS = `console.log(${JSON.stringify('deal '.repeat(2000))});`;
const SERVICE_WORKER_JS = "self.addEventListener('push', () => {});";

async function put(root: string, path: string, content: string) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
}

describe('frontends plugin', () => {
  let root: string;
  let t: TestApp;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'deals-frontends-'));
    await put(root, 'shell/dist/index.html', '<!doctype html><html><head><!--deals-config--></head><body>shell</body></html>');
    await put(root, 'shell/dist/js/main.4f2a9c.js', BIG_JS);
    await put(
      root,
      'remote-public/dist/mf-manifest.json',
      JSON.stringify({
        name: 'public',
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ name: 'App', assets: { js: { sync: ['js/333.ab12.js', 'js/../../evil.js'] }, css: { sync: ['css/app.cd34.css'] } } }],
      }),
    );
    await put(root, 'remote-public/dist/remoteEntry.js', 'var remote = 1;');
    await put(root, 'remote-public/dist/static/js/412.9be1c0.js', 'var chunk = 1;');
    await put(root, 'remote-public/dist/deal-alerts-sw.js', SERVICE_WORKER_JS);
    // remote-catalog, remote-cms and remote-notifications are not built: tolerated.
    t = await createTestApp({
      frontendsRoot: root,
      env: {
        REMOTE_CMS_URL: 'https://cdn.example/cms/mf-manifest.json',
        API_BASE: 'https://api.example/api',
        EMAIL_SIGNUP_ACTION_URL: 'https://mail.example/subscribe?x=</script><script>alert(1)</script>',
      },
    });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves /remotes.json with defaults and env overrides, not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.deepEqual(res.json(), {
      public: '/remotes/public/mf-manifest.json',
      catalog: '/remotes/catalog/mf-manifest.json',
      cms: 'https://cdn.example/cms/mf-manifest.json',
      notifications: '/remotes/notifications/mf-manifest.json',
    });
  });

  it('serves remote files cross-origin with entry points revalidated and chunks immutable', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/remotes/public/mf-manifest.json' });
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.json().name, 'public');
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    assert.equal(manifest.headers['cache-control'], 'no-cache');

    const entry = await t.app.inject({ method: 'GET', url: '/remotes/public/remoteEntry.js' });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal(entry.headers['access-control-allow-origin'], '*');

    const chunk = await t.app.inject({ method: 'GET', url: '/remotes/public/static/js/412.9be1c0.js' });
    assert.equal(chunk.statusCode, 200);
    assert.equal(chunk.body, 'var chunk = 1;');
    assert.equal(chunk.headers['cache-control'], IMMUTABLE);
    assert.equal(chunk.headers['access-control-allow-origin'], '*');
  });

  it('serves the public remote\'s service worker at the site root as JavaScript, revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/deal-alerts-sw.js?api=%2Fapi' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, SERVICE_WORKER_JS);
    assert.match(String(res.headers['content-type']), /^text\/javascript/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    // Its copy under /remotes/public/ keeps its name across builds too: revalidated, not immutable.
    const copy = await t.app.inject({ method: 'GET', url: '/remotes/public/deal-alerts-sw.js' });
    assert.equal(copy.headers['cache-control'], 'no-cache');
  });

  it('answers missing assets and unbuilt remotes with 404, never the shell', async () => {
    for (const url of ['/remotes/public/static/js/missing.js', '/remotes/catalog/mf-manifest.json', '/js/missing.123.js', '/favicon.ico']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { message: 'Not found' }, url);
    }
  });

  it('sends / to /home, keeping the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?utm=x', headers: HTML });
    assert.equal(res.statusCode, 301);
    assert.equal(res.headers.location, '/home?utm=x');
  });

  it('serves the shell with the client configuration injected and escaped', async () => {
    for (const url of ['/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.doesNotMatch(res.body, /<!--deals-config-->/);
      assert.doesNotMatch(res.body, /<\/script><script>alert/);
      const json = /window\.__DEALS_CONFIG__=(.*?)<\/script>/.exec(res.body)?.[1];
      assert.ok(json, 'config script present');
      assert.deepEqual(JSON.parse(json), {
        apiBase: 'https://api.example/api',
        emailSignupActionUrl: 'https://mail.example/subscribe?x=</script><script>alert(1)</script>',
        publicUrl: 'http://localhost:8080',
      });
    }
  });

  it('answers client routes with the shell index.html', async () => {
    for (const url of ['/deals', '/admin/management/stores', '/deal/details/42', '/some-cms-page?utm=x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.body, /<body>shell<\/body>/, url);
      assert.match(res.body, /__DEALS_CONFIG__/, url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
    }
  });

  it('preloads the public remote\'s entry and first chunks on visitor pages only', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/deals?q=tv', headers: HTML });
    assert.match(visitor.body, /<link rel="preload" href="\/remotes\/public\/remoteEntry\.js" as="script"><link rel="preload" href="\/remotes\/public\/js\/333\.ab12\.js" as="script"><link rel="preload" href="\/remotes\/public\/css\/app\.cd34\.css" as="style"><\/head>/);
    assert.doesNotMatch(visitor.body, /evil/, 'no path outside the remote');
    for (const url of ['/admin/management/stores', '/cms/management/pages', '/login']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      assert.doesNotMatch(res.body, /rel="preload" href="\/remotes/, url);
    }
  });

  it('does not answer non-HTML requests or /api paths with the shell', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/deals', headers: { accept: 'application/json' } });
    assert.equal(json.statusCode, 404);
    const api = await t.app.inject({ method: 'GET', url: '/api/Nope/Nothing', headers: HTML });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(api.json(), { message: 'Not found' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: HTML });
    assert.deepEqual(health.json(), { status: 'ok' });
  });

  it('serves hashed shell assets immutable and compressed when the client accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/js/main.4f2a9c.js', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], IMMUTABLE);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.ok(res.rawPayload.length < BIG_JS.length / 4);
  });
});

describe('frontends plugin without builds', () => {
  let root: string;
  let t: TestApp;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'deals-frontends-empty-'));
    t = await createTestApp({ frontendsRoot: root });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('keeps the API and /remotes.json working when no dist folder exists', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/remotes.json' })).statusCode, 200);
    const page = await t.app.inject({ method: 'GET', url: '/deals', headers: HTML });
    assert.equal(page.statusCode, 404);
    const worker = await t.app.inject({ method: 'GET', url: '/deal-alerts-sw.js' });
    assert.equal(worker.statusCode, 404);
    assert.deepEqual(worker.json(), { message: 'Not found' });
  });
});

describe('injectClientConfig', () => {
  it('replaces the marker with an escaped config script', () => {
    const html = injectClientConfig('<head><!--deals-config--></head>', { apiBase: '/api', emailSignupActionUrl: null });
    assert.equal(html, '<head><script>window.__DEALS_CONFIG__={"apiBase":"/api","emailSignupActionUrl":null}</script></head>');
    const escaped = injectClientConfig('<!--deals-config-->', { apiBase: '</script>', emailSignupActionUrl: null });
    assert.ok(!escaped.includes('</script></script>'));
    assert.ok(escaped.includes('\\u003c/script>'));
  });
});
