import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAllowedImageSource, isBlankHtml, sanitizeCustomHtml, sanitizeRichText, storedImageNames } from './sanitize.js';

const NAME = '0123456789abcdef0123456789abcdef.png';

describe('sanitizeRichText', () => {
  it('removes scripts, styles, event handlers and script urls', () => {
    const html = sanitizeRichText(
      '<p onmouseover="x()">a<script>b()</script><style>p{}</style><svg onload="c()"><script>d()</script></svg>' +
        '<a href="javascript:e()">f</a><a href="jAvAsCrIpT&colon;g()">h</a><a href="data:text/html,<script>i()</script>">j</a><a href="//evil.example">k</a></p>',
    );
    assert.equal(html, '<p>a<a>f</a><a>h</a><a>j</a><a>k</a></p>');
  });

  it('keeps http(s), mailto, tel and relative links; target=_blank gets rel=noopener, other targets go', () => {
    assert.equal(
      sanitizeRichText('<a href="https://a.example" target="_blank" rel="opener">a</a><a href="mailto:x@y.z">b</a><a href="tel:+15551234">c</a><a href="/deals" target="_parent">d</a>'),
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a><a href="mailto:x@y.z">b</a><a href="tel:+15551234">c</a><a href="/deals">d</a>',
    );
  });

  it('keeps images from our Attachments path or https only', () => {
    const html = sanitizeRichText(
      `<img src="/api/Attachments/${NAME}"><img src="https://cdn.example/a.png"><img src="http://cdn.example/a.png"><img src="data:image/png;base64,AA"><img src="/etc/passwd"><img src="/api/Attachments/../../x.png">`,
    );
    assert.equal(html, `<img src="/api/Attachments/${NAME}" /><img src="https://cdn.example/a.png" />`);
  });

  it('keeps only value-checked inline styles', () => {
    assert.equal(
      sanitizeRichText('<span style="color: #ff0000; background-image: url(https://x/y); font-size: 16px; position: fixed; width: expression(alert(1))">x</span>'),
      '<span style="color:#ff0000;font-size:16px">x</span>',
    );
  });

  it('allows https YouTube and Vimeo players only, sandboxed', () => {
    assert.equal(
      sanitizeRichText('<iframe src="https://www.youtube.com/embed/abc"></iframe><iframe src="http://www.youtube.com/embed/abc"></iframe><iframe src="https://evil.example/"></iframe>'),
      '<iframe src="https://www.youtube.com/embed/abc" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
  });

  it('drops layout tags and classes that only custom HTML may use', () => {
    assert.equal(sanitizeRichText('<section class="x"><p class="y">a</p></section>'), '<p>a</p>');
  });
});

describe('sanitizeCustomHtml', () => {
  it('keeps layout tags, classes and layout styles but no scripts, forms, ids or url()', () => {
    assert.equal(
      sanitizeCustomHtml(
        '<section id="__DEALS_CONFIG__" class="grid" style="display: grid; gap: 1rem; background: url(x)"><figure><img src="https://cdn.example/a.png" onerror="x()"><figcaption>c</figcaption></figure>' +
          '<form action="https://evil.example"><input name="password"><button>go</button></form><object data="x"></object><script>y()</script></section>',
      ),
      '<section class="grid" style="display:grid;gap:1rem"><figure><img src="https://cdn.example/a.png" /><figcaption>c</figcaption></figure>go</section>',
    );
  });
});

describe('helpers', () => {
  it('recognises allowed image sources', () => {
    assert.ok(isAllowedImageSource(`Attachments/${NAME}`));
    assert.ok(isAllowedImageSource(`http://localhost:8080/api/Attachments/${NAME}`));
    assert.ok(!isAllowedImageSource(`http://localhost:8080/api/Attachments/${NAME}?x=1`));
    assert.ok(!isAllowedImageSource('javascript:alert(1)'));
    assert.ok(!isAllowedImageSource(undefined));
  });

  it('finds the stored names in HTML', () => {
    assert.deepEqual(storedImageNames(`<img src="/api/Attachments/${NAME}"><img src="/api/Attachments/${NAME}">`), [NAME]);
    assert.deepEqual(storedImageNames(null), []);
  });

  it('treats markup without text or media as blank', () => {
    assert.ok(isBlankHtml('<p><br></p>'));
    assert.ok(isBlankHtml('<p>&nbsp; </p>'));
    assert.ok(!isBlankHtml('<p>x</p>'));
    assert.ok(!isBlankHtml(`<p><img src="/api/Attachments/${NAME}"></p>`));
  });
});
