import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { SsrDocumentInfo } from '@deals/contract/ssr';
import { App } from './app/App';
import { remoteFor } from './app/routeTable';
import { loadedRemoteModule, loadRemoteComponent, pinRemote, startFederation, unpinRemote } from './lib/federation';

declare global {
  interface Window {
    /** Written by the server into a server-rendered visitor page (infra/api/src/ssr/document.ts). */
    __DEALS_SSR__?: SsrDocumentInfo;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const tree = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

function renderInBrowser(reloadLanding = false): void {
  // Start fetching /remotes.json now, and the landing page's remote with it: a visitor's first
  // screen waits on that chain (manifest, remoteEntry, the App chunks), not on our first render.
  startFederation().catch(() => undefined);
  const landing = remoteFor(window.location.pathname);
  if (landing) loadRemoteComponent(landing, 'App', reloadLanding).catch(() => undefined);
  const root = createRoot(container!);
  // A transition renders in 5 ms slices, so a phone's main thread never blocks for long while the
  // first screen is built (Lighthouse's total blocking time).
  startTransition(() => root.render(tree));
}

/**
 * A server-rendered page is hydrated by the remote build that rendered it. If that build cannot be
 * loaded, or what loads is another build (the remote was redeployed in place meanwhile), the page
 * is rendered afresh in the browser instead: never v1 markup hydrated by v2 code.
 */
async function hydrateServerRender(ssr: SsrDocumentInfo): Promise<void> {
  pinRemote(ssr.remote, ssr.entry);
  const loaded = await loadRemoteComponent(ssr.remote, 'App').then(
    () => true,
    () => false,
  );
  const module = loaded ? loadedRemoteModule(ssr.remote, 'App') : undefined;
  if (module?.buildId !== ssr.buildId) {
    console.info(`Rendering in the browser: the ${ssr.remote} remote build ${module?.buildId ?? '(none)'} did not render this page (${ssr.buildId}).`);
    if (!loaded) unpinRemote(ssr.remote);
    renderInBrowser(!loaded);
    return;
  }
  startFederation().catch(() => undefined);
  // A chunk that fails here is fetched again when rendered; hydration goes on either way.
  await module.preloadPage?.(window.location.pathname).catch(() => undefined);
  hydrateRoot(container!, tree, {
    // A mismatch is recovered by rendering that part afresh; name where it happened.
    onRecoverableError: (error, info) => console.error('Hydration error', error, info.componentStack),
  });
}

const ssr = window.__DEALS_SSR__;
if (ssr && remoteFor(window.location.pathname) === ssr.remote) void hydrateServerRender(ssr);
else renderInBrowser();
