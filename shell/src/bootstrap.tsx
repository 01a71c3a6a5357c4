import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { remoteFor } from './app/routeTable';
import { loadRemoteComponent, startFederation } from './lib/federation';

// Start fetching /remotes.json now, and the landing page's remote with it: a visitor's first
// screen waits on that chain (manifest, remoteEntry, the App chunks), not on our first render.
startFederation().catch(() => undefined);
const landing = window.location.pathname === '/login' ? null : remoteFor(window.location.pathname);
if (landing) loadRemoteComponent(landing, 'App').catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
// A transition renders in 5 ms slices, so a phone's main thread never blocks for long while the
// first screen is built (Lighthouse's total blocking time).
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
