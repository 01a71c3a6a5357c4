/**
 * The logger's settings (terminal or not, LOG_FORMAT, LOG_SLOW_MS) and the failed/slow request
 * lines, in both formats. The whole server's output is checked in server.test.ts.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { LogController } from 'fastify';
import { failedOrSlowRequests, loggerOptions, logSettings, requestLine, type LogSettings } from './logging.js';

describe('log settings', () => {
  it('are pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says otherwise', () => {
    assert.equal(logSettings({}, true).format, 'pretty');
    assert.equal(logSettings({}, false).format, 'json');
    assert.equal(logSettings({ LOG_FORMAT: 'json' }, true).format, 'json');
    assert.equal(logSettings({ LOG_FORMAT: 'pretty' }, false).format, 'pretty');
    assert.equal(logSettings({ LOG_FORMAT: ' JSON ' }, true).format, 'json');
    assert.throws(() => logSettings({ LOG_FORMAT: 'xml' }, true), /LOG_FORMAT/);
  });

  it('read the level and the slow-request threshold', () => {
    assert.deepEqual(logSettings({}, false), { format: 'json', level: 'info', slowMs: 1_000 });
    assert.deepEqual(logSettings({ LOG_LEVEL: 'debug', LOG_SLOW_MS: '250' }, false), { format: 'json', level: 'debug', slowMs: 250 });
    for (const bad of ['0', '-5', '1.5', 'soon']) assert.throws(() => logSettings({ LOG_SLOW_MS: bad }, false), /LOG_SLOW_MS/);
  });

  it('give JSON pino options as before, and a pretty stream otherwise', () => {
    assert.deepEqual(loggerOptions({ format: 'json', level: 'warn', slowMs: 1_000 }), { level: 'warn' });
    const pretty = loggerOptions({ format: 'pretty', level: 'info', slowMs: 1_000 }) as { level: string; stream?: unknown };
    assert.equal(pretty.level, 'info');
    assert.ok(pretty.stream instanceof Writable || typeof (pretty.stream as { write?: unknown })?.write === 'function');
  });

  it('word the request line as a person reads it', () => {
    assert.equal(requestLine('GET', '/deals', 500, 12.4), 'GET /deals 500 in 12 ms');
  });
});

/** A Fastify wired as buildApp wires it, its log collected. */
async function appLoggingTo(settings: LogSettings) {
  let output = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const app = Fastify({
    logger: loggerOptions(settings, sink),
    ...(settings.format === 'pretty' ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
  });
  app.addHook('onResponse', failedOrSlowRequests(settings.slowMs));
  app.get('/fine', async () => ({ ok: true }));
  app.get('/slow', async () => {
    // Longer than the threshold whatever the machine's speed: only its lower bound matters.
    await sleep(Math.min(settings.slowMs, 1_000) + 30);
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  for (const url of ['/fine', '/slow', '/broken']) await app.inject({ method: 'GET', url });
  await app.close();
  return () => output;
}

describe('request logging', () => {
  it('pretty: a readable line for a failed request, none for the others, no per-request noise', async () => {
    const output = (await appLoggingTo({ format: 'pretty', level: 'info', slowMs: 60_000 }))();
    assert.match(output, /\[\d\d:\d\d:\d\d\] ERROR: GET \/broken 500 in \d+ ms/);
    assert.doesNotMatch(output, /GET \/fine|GET \/slow/);
    assert.doesNotMatch(output, /incoming request|request completed/);
    assert.doesNotMatch(output, /^\{/m);
  });

  it('pretty: a readable warning for a request slower than LOG_SLOW_MS', async () => {
    const output = (await appLoggingTo({ format: 'pretty', level: 'info', slowMs: 20 }))();
    assert.match(output, /\[\d\d:\d\d:\d\d\] WARN: GET \/slow 200 in \d+ ms/);
  });

  it('JSON: every line parses, the usual request lines stay and the failed and slow ones are added', async () => {
    const lines = (await appLoggingTo({ format: 'json', level: 'info', slowMs: 20 }))()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; level: number; statusCode?: number });
    assert.ok(lines.some((line) => line.msg === 'incoming request'));
    assert.ok(lines.some((line) => line.msg === 'request completed'));
    const broken = lines.find((line) => /^GET \/broken 500 in \d+ ms$/.test(line.msg));
    assert.equal(broken?.level, 50);
    assert.equal(broken?.statusCode, 500);
    assert.equal(lines.find((line) => /^GET \/slow 200 in \d+ ms$/.test(line.msg))?.level, 40);
  });
});
