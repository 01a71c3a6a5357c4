import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { cspSettings, inlineScriptHashes, markScripts, newNonce, newNonceMarker, pagePolicy, stampNonce } from './csp.js';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  it('hashes the inline scripts a browser runs, not script files or data blocks', () => {
    const html =
      '<head><script>window.a=1</script><script type="module">import "x"</script><script src="/js/main.js"></script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script><script type=application/json id=d>{}</script><script type="text/javascript">b()</script></head>';
    assert.deepEqual(inlineScriptHashes(html), [hash('window.a=1'), hash('import "x"'), hash('b()')]);
  });

  it('allows the remote and API origins of a split deployment and sends reports to the API', () => {
    const settings = cspSettings({
      REMOTE_CMS_URL: 'https://cdn.example/cms/mf-manifest.json',
      REMOTE_PUBLIC_URL: '/remotes/public/mf-manifest.json',
      API_BASE: 'https://api.example/api/',
      CSP_SCRIPT_ORIGINS: 'https://widgets.example, https://tags.example/',
    });
    assert.deepEqual(settings.appOrigins, ['https://cdn.example', 'https://api.example']);
    assert.deepEqual(settings.extraScriptOrigins, ['https://widgets.example', 'https://tags.example']);
    const policy = pagePolicy(settings, { kind: 'visitor', scriptHashes: [hash('x')], analytics: false });
    assert.equal(directive(policy, 'script-src'), `script-src 'self' https://cdn.example https://api.example ${hash('x')} https://widgets.example https://tags.example`);
    assert.match(directive(policy, 'connect-src'), /https:\/\/api\.example/);
    assert.equal(directive(policy, 'report-uri'), 'report-uri https://api.example/api/CspReport');
  });

  it('puts a nonce before the hashes, and stamps it only where our scripts carry the marker', () => {
    const nonce = newNonce();
    assert.equal(Buffer.from(nonce, 'base64').length, 16);
    assert.notEqual(newNonce(), nonce);
    const policy = pagePolicy(cspSettings({}), { kind: 'back-office', scriptHashes: [hash('x')], nonce, analytics: false });
    assert.equal(directive(policy, 'script-src'), `script-src 'self' 'nonce-${nonce}' ${hash('x')}`);

    const marker = newNonceMarker();
    assert.notEqual(newNonceMarker(), marker);
    const ours = markScripts('<head><script>a()</script><SCRIPT defer src="/m.js"></SCRIPT><script nonce="kept">b()</script></head>', marker);
    assert.equal(ours, `<head><script nonce="${marker}">a()</script><script nonce="${marker}" defer src="/m.js"></SCRIPT><script nonce="kept">b()</script></head>`);
    // Content that guesses at the stamping: the bare marker, another marker, a nonce attribute of its own.
    const content = `<p>${marker}</p><script nonce="${newNonceMarker()}">c()</script><script nonce="">d()</script>`;
    const stamped = stampNonce(ours + content, marker, nonce);
    assert.equal(stamped.split(`nonce="${nonce}"`).length - 1, 2);
    assert.ok(stamped.endsWith(content));
  });

  it('refuses an extra origin that could widen the policy', () => {
    assert.throws(() => cspSettings({ CSP_SCRIPT_ORIGINS: "'unsafe-inline'" }), /CSP_SCRIPT_ORIGINS must list http\(s\) origins/);
    assert.throws(() => cspSettings({ CSP_CONNECT_ORIGINS: 'https://a.example/path' }), /CSP_CONNECT_ORIGINS/);
  });

  it('never allows eval or inline scripts by keyword; frames the back office nowhere and the site only itself', () => {
    const settings = cspSettings({});
    for (const kind of ['visitor', 'back-office'] as const) {
      const policy = pagePolicy(settings, { kind, scriptHashes: [], analytics: true });
      assert.doesNotMatch(policy, /unsafe-eval|strict-dynamic|nonce-/);
      assert.doesNotMatch(directive(policy, 'script-src'), /unsafe-inline|https:(?!\/\/)|\*/);
      assert.match(policy, /object-src 'none'/);
      assert.match(policy, /base-uri 'self'/);
      assert.match(policy, /form-action 'self'/);
      assert.equal(directive(policy, 'frame-ancestors'), kind === 'back-office' ? "frame-ancestors 'none'" : "frame-ancestors 'self'");
      // Analytics runs on the visitor site only.
      assert.equal(directive(policy, 'script-src').includes('https://www.googletagmanager.com'), kind === 'visitor');
    }
    assert.doesNotMatch(pagePolicy(settings, { kind: 'visitor', scriptHashes: [], analytics: false }), /google/);
  });
});
