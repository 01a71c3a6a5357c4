/** The server-rendered document: the shell's index.html with the remote's render poured in. */
import type { SsrDocumentInfo, SsrRenderResult } from '@deals/contract';
import type { ServerBuild } from './server-bundle.js';

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const ROOT = /<div id="root">[\s\S]*?<\/div>/;
const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;

/** Whether the shell's index.html has the places a render is poured into. */
export function canHostRender(shellHtml: string): boolean {
  return ROOT.test(shellHtml) && TITLE.test(shellHtml) && shellHtml.includes('</head>') && shellHtml.includes('</body>');
}

/** The body of the inline script a rendered page adds; fixed per build, so its CSP hash is too. */
export function ssrInfoScript(build: ServerBuild): string {
  const info: SsrDocumentInfo = { remote: 'public', buildId: build.buildId, entry: build.clientEntry };
  return `window.__DEALS_SSR__=${scriptJson(info)}`;
}

/**
 * `nonceMarker` goes on the script added here; the shell's scripts already carry it (lib/csp.ts
 * `markScripts`, applied before the render is poured in, so none of its scripts do).
 */
export function serverDocument(shellHtml: string, build: ServerBuild, result: SsrRenderResult, nonceMarker: string): string {
  // Styles first and inline: the markup paints styled before any script, with no request of its
  // own (on a slow phone link each stylesheet would cost a round trip before the first paint).
  const assets = [
    ...build.styles.map(({ href, css }) => `<style data-href="${attr(href)}">${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`),
    ...build.scripts.map((href) => `<link rel="preload" href="${attr(href)}" as="script">`),
  ].join('');
  return (
    shellHtml
      // First in <head>: the shell's inline scripts read it (no site-info preload for a rendered page).
      .replace('<head>', () => `<head><script nonce="${nonceMarker}">${ssrInfoScript(build)}</script>`)
      .replace(DESCRIPTION, '')
      .replace(TITLE, () => result.head || '<title>DealDrop</title>')
      .replace('</head>', () => `${assets}</head>`)
      .replace(ROOT, () => `<div id="root">${result.html}</div>`)
      .replace('</body>', () => `${result.data}</body>`)
  );
}
