/**
 * Content-Security-Policy of the pages the host sends: the rendered visitor pages (cached, with a
 * nonce stamped per answer and hashes that outlive it), the client-rendered back office, and API answers. The browser side
 * (the app runs under it, a stored script does not) is infra/e2e/tests/csp.spec.ts.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { siteAssets } from '../db/schema/content.js';
import { createTestApp, type TestApp } from '../test-support/app.js';

const HTML = { accept: 'text/html' };
const SHELL_SCRIPT = "(function(){document.documentElement.dataset.boot='1'})()";
const SHELL = `<!doctype html><html><head><title>DealDrop</title><!--deals-config--><script>${SHELL_SCRIPT}</script><script defer src="/js/main.1.js"></script></head><body><div id="root">Loading…</div></body></html>`;
/** What a custom HTML section would pour into the page had the sanitizer missed a script. */
const STORED_SCRIPT = 'window.__pwned=1';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
/** The nonce the policy allows. */
const nonceOf = (policy: string) => /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(directive(policy, 'script-src'))?.[1] ?? '';
/** The script tags (opening tag and body) that carry `nonce`. */
const scriptsWithNonce = (html: string, nonce: string) => [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map(([tag]) => tag).filter((tag) => tag.includes(`nonce="${nonce}"`));
/** The bodies of the inline scripts a browser would run. */
const runnableScripts = (html: string) =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].filter(([, attributes = '']) => !/src=|type=/.test(attributes)).map(([, , body]) => body ?? '');

async function put(root: string, path: string, content: string) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
}

const BUNDLE = `module.exports = {
  protocol: 1,
  buildId: 'b1',
  async render({ url }) {
    return {
      status: 200,
      head: '<title>' + url + '</title><script type="application/ld+json">{"@type":"Offer"}</script>',
      // A script of its own, one with a nonce attribute and text that looks like a marker: none may get the nonce.
      html: '<main><section><script>${STORED_SCRIPT}</script><p>Custom HTML nonce-marker- nonce="x"</p><script nonce="nonce-marker-guess">${STORED_SCRIPT}</script></section></main>',
      data: '<script type="application/json" id="deals-data">{}</script>',
    };
  },
};`;

describe('content security policy of the pages', () => {
  let root: string;
  let t: TestApp;
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: HTML });
  const policyOf = async (url: string) => {
    const res = await page(url);
    assert.equal(res.statusCode, 200, url);
    const policy = res.headers['content-security-policy'];
    assert.equal(typeof policy, 'string', `${url} has no policy`);
    return { res, policy: String(policy) };
  };

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'deals-csp-'));
    await put(root, 'shell/dist/index.html', SHELL);
    const dist = join(root, 'remote-public/dist');
    await put(dist, 'server/render-b1.js', BUNDLE);
    await put(dist, 'remoteEntry-b1.js', 'var remote = 1;');
    await put(
      dist,
      'mf-manifest.json',
      JSON.stringify({
        name: 'public',
        metaData: { remoteEntry: { name: 'remoteEntry-b1.js', path: '' }, ssrRemoteEntry: { name: 'render-b1.js', path: 'server', type: 'commonjs-module' }, ssrBuildId: 'b1' },
        exposes: [{ name: 'App', assets: { js: { sync: [] }, css: { sync: [] } } }],
      }),
    );
    t = await createTestApp({
      frontendsRoot: root,
      env: { PUBLIC_CACHE_TTL_MS: '60000', PUBLIC_URL: 'https://deals.example', REMOTE_CMS_URL: 'https://cdn.example/cms/mf-manifest.json' },
    });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('allows exactly our inline scripts of a rendered page by nonce and by hash, never the content poured into it', async () => {
    for (const url of ['/home', '/deal/details/42']) {
      const { res, policy } = await policyOf(url);
      assert.match(res.body, /__DEALS_SSR__/, url);
      const scriptSrc = directive(policy, 'script-src');
      const ours = runnableScripts(res.body).filter((body) => body !== STORED_SCRIPT);
      assert.equal(ours.length, 3, `${url}: the SSR info, the configuration and the shell's script`);
      for (const body of ours) assert.ok(scriptSrc.includes(sha(body)), `${url}: ${body} is not allowed by ${scriptSrc}`);
      assert.ok(res.body.includes(`<script>${STORED_SCRIPT}</script>`), 'the stand-in render pours a script in');
      assert.ok(res.body.includes(`<script nonce="nonce-marker-guess">${STORED_SCRIPT}</script>`), 'and one with a nonce attribute of its own');
      assert.ok(!scriptSrc.includes(sha(STORED_SCRIPT)), `${url}: the stored script is allowed`);
      const nonce = nonceOf(policy);
      assert.equal(Buffer.from(nonce, 'base64').length, 16, `${url}: ${scriptSrc}`);
      // Ours: the SSR info, the configuration, the shell's script and its script file.
      const stamped = scriptsWithNonce(res.body, nonce);
      assert.equal(stamped.length, 4, `${url}: ${stamped.join('\n')}`);
      assert.ok(stamped.every((tag) => !tag.includes(STORED_SCRIPT)), `${url}: a stored script got the nonce`);
      assert.equal(res.body.split(nonce).length - 1, 4, `${url}: the nonce appears elsewhere in the body`);
      assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval/);
      assert.match(scriptSrc, /^script-src 'self' https:\/\/cdn\.example 'nonce-[^']+' 'sha256-/);
      assert.equal(directive(policy, 'frame-ancestors'), "frame-ancestors 'self'");
      assert.equal(directive(policy, 'object-src'), "object-src 'none'");
      assert.equal(directive(policy, 'report-uri'), 'report-uri /api/CspReport');
    }
  });

  it('stamps a fresh nonce on each answer of a cached page, keeping its hashes and its ETag', async () => {
    const first = await policyOf('/deal/details/7');
    const second = await policyOf('/deal/details/7');
    const [one, two] = [nonceOf(first.policy), nonceOf(second.policy)];
    assert.ok(one && two && one !== two, `${one} / ${two}`);
    // The same cached page but for the nonce: same scripts, same hashes, same ETag.
    assert.equal(second.res.body.split(two).join(one), first.res.body);
    assert.equal(second.policy.split(two).join(one), first.policy);
    assert.equal(second.res.headers.etag, first.res.headers.etag);
    assert.equal(scriptsWithNonce(second.res.body, two).length, 4);
    assert.equal(scriptsWithNonce(second.res.body, one).length, 0);
    const info = runnableScripts(second.res.body).find((body) => body.startsWith('window.__DEALS_SSR__='));
    assert.ok(info && directive(second.policy, 'script-src').includes(sha(info)));
    // A revalidated copy keeps its old nonce while the 304 names a new one: the hashes still allow it.
    const revalidated = await t.app.inject({ method: 'GET', url: '/deal/details/7', headers: { ...HTML, 'if-none-match': String(first.res.headers.etag) } });
    assert.equal(revalidated.statusCode, 304);
    const fresh = String(revalidated.headers['content-security-policy']);
    assert.notEqual(nonceOf(fresh), one);
    for (const body of runnableScripts(first.res.body).filter((script) => script !== STORED_SCRIPT)) assert.ok(directive(fresh, 'script-src').includes(sha(body)));
    // Compressed answers are stamped too.
    const gzipped = await t.app.inject({ method: 'GET', url: '/deal/details/7', headers: { ...HTML, 'accept-encoding': 'gzip' } });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    const body = gunzipSync(gzipped.rawPayload).toString('utf8');
    assert.equal(scriptsWithNonce(body, nonceOf(String(gzipped.headers['content-security-policy']))).length, 4);
  });

  it('never lets the back office be framed, with its scripts allowed by a fresh nonce and by hash', async () => {
    for (const url of ['/admin/deals', '/login', '/cms/pages']) {
      const { res, policy } = await policyOf(url);
      assert.equal(directive(policy, 'frame-ancestors'), "frame-ancestors 'none'", url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      const scriptSrc = directive(policy, 'script-src');
      const scripts = runnableScripts(res.body);
      assert.equal(scripts.length, 2, url);
      for (const body of scripts) assert.ok(scriptSrc.includes(sha(body)), `${url}: ${body}`);
      // The configuration, the shell's script and its script file carry this answer's nonce, a new one each time.
      const nonce = nonceOf(policy);
      assert.equal(scriptsWithNonce(res.body, nonce).length, 3, `${url}: ${scriptSrc}`);
      const again = await policyOf(url);
      assert.notEqual(nonceOf(again.policy), nonce, url);
      assert.equal(scriptsWithNonce(again.res.body, nonceOf(again.policy)).length, 3, url);
      assert.doesNotMatch(policy, /unsafe-eval|googletagmanager/);
    }
  });

  it("allows Google's analytics on the visitor site once the site settings name a property", async () => {
    assert.doesNotMatch((await policyOf('/preview')).policy, /googletagmanager/);
    await t.app.db.insert(siteAssets).values({ googleAnalyticsId: 'G-ABC123XYZ9' });
    // Straight into the database: a staff save would bump the content version itself.
    await t.app.contentVersion.bump();
    try {
      for (const url of ['/home', '/preview']) assert.match(directive((await policyOf(url)).policy, 'script-src'), / https:\/\/www\.googletagmanager\.com/, url);
      assert.doesNotMatch((await policyOf('/admin/deals')).policy, /googletagmanager/);
    } finally {
      await t.app.db.update(siteAssets).set({ googleAnalyticsId: null }).where(eq(siteAssets.googleAnalyticsId, 'G-ABC123XYZ9'));
      await t.app.contentVersion.bump();
    }
  });

  it('gives API answers a policy that allows nothing', async () => {
    for (const url of ['/api/Home/GetCMSInfo', '/api/NoSuchThing']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.headers['content-security-policy'], "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", url);
    }
  });
});
