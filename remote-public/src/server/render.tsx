/**
 * The public remote's server bundle: renders a visitor URL to HTML with the data it read and the
 * page's metadata, so visitors and search engines get the page's content without running scripts.
 * Built by infra/build as `dist/server/render.js` and loaded at run time by the server that hosts
 * the shell (infra/api/src/ssr/: server-bundle.ts loads it, visitor-renderer.ts calls it,
 * document.ts assembles the document).
 * Self-contained: its own React and router, so the host needs neither.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { SSR_PROTOCOL, type SsrRenderInput, type SsrRenderResult } from '@deals/contract/ssr';
import App, { buildId } from '../App';
import { headTagsHtml } from '../lib/seo';
import { DATA_ELEMENT_ID, type SerialisedRender } from '../lib/ssr/preloaded';
import { RenderContext, RenderRecorder } from '../lib/ssr/renderContext';

export const protocol = SSR_PROTOCOL;
export { buildId };

/** JSON inside a script element: nothing in it can close the element or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Renders the whole tree once every read has been answered; any render error rejects. */
function renderAll(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // Whole pages in document order: React otherwise sends a large boundary as its fallback plus
      // a hidden copy that an inline script swaps in later (throttled), which delays the paint of
      // the page's content (LCP) and leaves nothing for a reader without scripts to see in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      // An error below a Suspense boundary would be sent as a client-side retry: the host should
      // send the client-rendered document instead, so any error fails the render.
      onError: (error) => {
        failure ??= error;
      },
    });
  });
}

export async function render(input: SsrRenderInput): Promise<SsrRenderResult> {
  // What the browser gets as window.__DEALS_CONFIG__, so both render the same attachment URLs.
  (globalThis as { __DEALS_CONFIG__?: unknown }).__DEALS_CONFIG__ = input.config;
  const recorder = new RenderRecorder(input);
  const html = await renderAll(
    <RenderContext value={recorder}>
      <StaticRouter location={input.url}>
        <App />
      </StaticRouter>
    </RenderContext>,
  );
  const data: SerialisedRender = { url: input.url, answers: Object.fromEntries(recorder.answers), renderedAt: recorder.renderedAt };
  return {
    status: recorder.status,
    head: recorder.head ? headTagsHtml(recorder.head) : '',
    html,
    data: `<script type="application/json" id="${DATA_ELEMENT_ID}">${scriptJson(data)}</script>`,
  };
}
