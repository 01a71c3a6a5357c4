import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CSP_REPORT_BODY_LIMIT, CSP_REPORT_MESSAGES, CSP_REPORT_RATE_LIMIT } from '@deals/contract';
import { createTestApp, type TestApp } from '../../../test-support/app.js';

const URL = '/api/CspReport';

describe('CspReport', () => {
  let t: TestApp;
  const warnings: { msg: string; cspViolation?: Record<string, unknown> }[] = [];
  const send = (type: string, payload: string, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: URL, headers: { 'content-type': type }, payload, remoteAddress: ip });

  before(async () => {
    t = await createTestApp({
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(JSON.parse(line)) } },
    });
  });
  after(() => t.close());

  it('logs a report-uri report at warn level with the blocked URI and directive, and answers 204', async () => {
    warnings.length = 0;
    const report = {
      'csp-report': {
        'document-uri': 'https://deals.example/home',
        'blocked-uri': 'inline',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        disposition: 'enforce',
        'line-number': 12,
      },
    };
    const res = await send('application/csp-report', JSON.stringify(report));
    assert.equal(res.statusCode, 204, res.body);
    assert.equal(res.body, '');
    const logged = warnings.find((line) => line.cspViolation);
    assert.ok(logged, JSON.stringify(warnings));
    assert.deepEqual(logged.cspViolation, {
      documentUri: 'https://deals.example/home',
      blockedUri: 'inline',
      directive: 'script-src-elem',
      disposition: 'enforce',
      sourceFile: '',
      lineNumber: 12,
    });
    assert.match(logged.msg, /blocked inline \(script-src-elem\)/);
  });

  it('logs each csp-violation of a Reporting API batch and skips other report types', async () => {
    warnings.length = 0;
    const batch = [
      { type: 'csp-violation', url: 'https://deals.example/admin', body: { documentURL: 'https://deals.example/admin', blockedURL: 'https://evil.example/x.js', effectiveDirective: 'script-src-elem', disposition: 'enforce' } },
      { type: 'deprecation', body: { id: 'x' } },
      { type: 'csp-violation', body: { documentURL: 'https://deals.example/home', blockedURL: 'eval', effectiveDirective: 'script-src' } },
    ];
    const res = await send('application/reports+json', JSON.stringify(batch));
    assert.equal(res.statusCode, 204, res.body);
    assert.deepEqual(
      warnings.filter((line) => line.cspViolation).map((line) => [line.cspViolation?.blockedUri, line.cspViolation?.directive]),
      [
        ['https://evil.example/x.js', 'script-src-elem'],
        ['eval', 'script-src'],
      ],
    );
  });

  it('refuses junk with 400 and a message', async () => {
    const cases: [string, string, string][] = [
      ['application/csp-report', 'not json{', CSP_REPORT_MESSAGES.notJson],
      ['application/csp-report', JSON.stringify({ hello: 'world' }), CSP_REPORT_MESSAGES.notAReport],
      ['application/reports+json', JSON.stringify([{ type: 'csp-violation', body: { blockedURL: 'x' } }]), CSP_REPORT_MESSAGES.notAReport],
      ['application/json', JSON.stringify({ 'csp-report': 'x' }), CSP_REPORT_MESSAGES.notAReport],
    ];
    for (const [type, payload, message] of cases) {
      const res = await send(type, payload);
      assert.equal(res.statusCode, 400, payload);
      assert.deepEqual(res.json(), { message }, payload);
    }
    const huge = await send('application/csp-report', JSON.stringify({ 'csp-report': { 'violated-directive': 'x'.repeat(CSP_REPORT_BODY_LIMIT) } }));
    assert.equal(huge.statusCode, 413);
    assert.equal(typeof huge.json().message, 'string');
  });

  it('is rate limited per IP address', async () => {
    const report = JSON.stringify({ 'csp-report': { 'violated-directive': 'img-src' } });
    let status = 0;
    for (let sent = 0; sent <= CSP_REPORT_RATE_LIMIT.max; sent += 1) status = (await send('application/csp-report', report, '198.51.100.9')).statusCode;
    assert.equal(status, 429);
    assert.equal((await send('application/csp-report', report, '198.51.100.10')).statusCode, 204);
  });
});
