/**
 * Prometheus metrics: `/metrics` exists only when the operator opens it (token and/or addresses),
 * and the series move with what the app does: requests by route pattern, the page cache, the
 * database, the job queue, click-outs.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { usingPostgres } from '../../test-support/database.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { addDeal, addStore } from '../../test-support/search.js';
import { addressAllowed, parseMetricsAllow } from '../../routes/metrics.js';

const TOKEN = 'scrape-secret-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
  assert.equal(res.statusCode, 200, res.body);
  return res.body;
}

/** The value of one series (name and exact label text), or 0 when it is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Polls until `check` holds: the workers run on their own schedule. */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await sleep(100);
  }
  assert.fail(`never: ${what}`);
}

describe('GET /metrics access', () => {
  it('does not exist unless METRICS_TOKEN or METRICS_ALLOW is set', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
      assert.equal(res.statusCode, 404);
      assert.equal(typeof res.json().message, 'string');
    } finally {
      await t.close();
    }
  });

  it('asks for the token (401), refuses a wrong one (403) and serves the right one', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(missing.statusCode, 401);
      assert.equal(typeof missing.json().message, 'string');
      assert.match(String(missing.headers['www-authenticate']), /^Bearer/);
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
      assert.equal(wrong.statusCode, 403);
      assert.equal(typeof wrong.json().message, 'string');
      const right = await t.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
      assert.equal(right.statusCode, 200);
      assert.match(String(right.headers['content-type']), /^text\/plain/);
      assert.match(right.body, /^# TYPE deals_process_resident_memory_bytes gauge$/m);
      assert.match(right.body, /^# TYPE deals_http_request_duration_seconds histogram$/m);
    } finally {
      await t.close();
    }
  });

  it('serves allowed addresses without a token, behind a trusted proxy by the forwarded address', async () => {
    const t = await createTestApp({ env: { METRICS_ALLOW: '10.1.0.0/16, 192.0.2.9', TRUST_PROXY: '127.0.0.1' } });
    try {
      const allowed = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
      assert.equal(allowed.statusCode, 200);
      const forwarded = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '192.0.2.9' } });
      assert.equal(forwarded.statusCode, 200);
      const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.2.0.1' });
      assert.equal(outside.statusCode, 403);
      assert.equal(typeof outside.json().message, 'string');
      // An untrusted peer cannot claim an allowed address.
      const spoofed = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '10.1.2.3' } });
      assert.equal(spoofed.statusCode, 403);
    } finally {
      await t.close();
    }
  });

  it('matches IPv4 clients seen on a dual-stack socket and refuses a malformed METRICS_ALLOW', () => {
    const ranges = parseMetricsAllow('127.0.0.0/8,::1');
    assert.ok(addressAllowed('::ffff:127.0.0.1', ranges));
    assert.ok(addressAllowed('::1', ranges));
    assert.ok(!addressAllowed('10.0.0.1', ranges));
    assert.throws(() => parseMetricsAllow('10.0.0.0/8, not-an-address'), /METRICS_ALLOW/);
  });
});

describe('metrics series', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      env: { METRICS_TOKEN: TOKEN },
      clickOuts: { flushMs: 60_000 },
      popularity: { refreshMs: 0 },
    });
  });
  after(() => t.close());

  it('counts requests by method, route pattern and status', async () => {
    const series = 'deals_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}';
    const before = sample(await scrape(t.app), series);
    for (let visit = 0; visit < 3; visit += 1) assert.equal((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
    assert.equal(sample(await scrape(t.app), series), before + 3);

    // A parameterised route shows its pattern, never the raw URL; unknown paths share one label.
    await t.app.inject({ method: 'GET', url: '/api/Product/GetProductById?productId=424242' });
    await t.app.inject({ method: 'GET', url: '/no/such/path/1234' });
    const text = await scrape(t.app);
    assert.ok(!text.includes('424242') && !text.includes('1234"'), 'raw URLs leaked into labels');
    assert.ok(sample(text, 'deals_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}') >= 1);
  });

  it('times database queries and shows the connection use', async () => {
    const text = await scrape(t.app);
    assert.ok(sample(text, 'deals_db_query_duration_seconds_count') > 0);
    assert.match(text, /^deals_db_queries_in_flight \d+$/m);
    if (usingPostgres) assert.ok(sample(text, 'deals_db_pool_clients{state="total"}') >= 1);
  });

  it('measures the lag from a click-out to its row', async () => {
    const deal = await addDeal(t.app, { storeId: await addStore(t.app, 'Metrics Store'), name: 'Metrics deal' });
    const res = await t.app.inject({ method: 'GET', url: `/out/${deal}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
    assert.equal(res.statusCode, 302);
    assert.equal(sample(await scrape(t.app), 'deals_click_out_recording_lag_seconds_count'), 0);
    await t.app.clickOuts.flush();
    assert.equal(sample(await scrape(t.app), 'deals_click_out_recording_lag_seconds_count'), 1);
  });
});

describe('job queue metrics', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, jobs: { pollingIntervalSeconds: 0.5 } });
    // Workers start when the app is ready: the queues are defined before anything answers.
    await t.app.jobs.define('metrics-test-failing', { retryLimit: 0 }, async () => {
      throw new Error('this job fails on purpose');
    });
    await t.app.jobs.define('metrics-test-later', {}, async () => {});
    await t.app.ready();
  });
  after(() => t.close());

  it('counts failed jobs and shows the waiting ones per queue', async () => {
    await t.app.jobs.boss.send('metrics-test-failing', {});
    await t.app.jobs.boss.send('metrics-test-later', {}, { startAfter: 3_600 });
    await eventually('the failing job counted', async () => sample(await scrape(t.app), 'deals_job_failures_total{queue="metrics-test-failing"}') === 1);
    assert.equal(sample(await scrape(t.app), 'deals_job_queue_depth{queue="metrics-test-later"}'), 1);
  });
});

describe('page cache metrics', () => {
  let root: string;
  let t: TestApp;
  const put = async (path: string, content: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  };

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'deals-metrics-ssr-'));
    await put('shell/dist/index.html', '<!doctype html><html><head><title>Deals</title><!--deals-config--></head><body><div id="root"></div></body></html>');
    await put('remote-public/dist/server/render-m1.js', `module.exports = { protocol: 1, buildId: 'm1', async render({ url }) { return { status: 200, head: '<title>' + url + '</title>', html: '<main>page</main>', data: '' }; } };`);
    await put('remote-public/dist/remoteEntry-m1.js', 'var remote = 1;');
    await put(
      'remote-public/dist/mf-manifest.json',
      JSON.stringify({
        name: 'public',
        metaData: { remoteEntry: { name: 'remoteEntry-m1.js', path: '' }, ssrRemoteEntry: { name: 'render-m1.js', path: 'server', type: 'commonjs-module' }, ssrBuildId: 'm1' },
        exposes: [{ name: 'App', assets: { js: { sync: [] }, css: { sync: [] } } }],
      }),
    );
    t = await createTestApp({ frontendsRoot: root, env: { METRICS_TOKEN: TOKEN, PUBLIC_CACHE_TTL_MS: '60000' } });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('counts a miss and a render on the first visit, a hit on the second, and labels pages as pages', async () => {
    const visit = () => t.app.inject({ method: 'GET', url: '/deals/metrics-page', headers: { accept: 'text/html' } });
    const first = await visit();
    assert.equal(first.statusCode, 200);
    assert.match(first.body, /<main>page<\/main>/);
    let text = await scrape(t.app);
    assert.equal(sample(text, 'deals_page_cache_misses_total'), 1);
    assert.equal(sample(text, 'deals_page_cache_hits_total'), 0);
    assert.equal(sample(text, 'deals_ssr_render_duration_seconds_count'), 1);
    assert.equal((await visit()).statusCode, 200);
    text = await scrape(t.app);
    assert.equal(sample(text, 'deals_page_cache_hits_total'), 1);
    assert.equal(sample(text, 'deals_ssr_render_duration_seconds_count'), 1);
    assert.equal(sample(text, 'deals_http_request_duration_seconds_count{method="GET",route="page",status_code="200"}'), 2);
  });
});
