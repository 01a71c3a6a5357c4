import { federatedConfig } from '@deals/build/rspack';
import { REMOTES } from '@deals/build/remotes';

// package.json's `sideEffects` names the only modules that do something when loaded (stylesheets,
// the entries, App.tsx starting the landing page's chunk): every other module is kept only for what
// is used of it, so a feature's index.ts, which re-exports all the feature offers, adds to a chunk
// just the parts that chunk uses (the app's chunk gets the email popup, not the footer's signup
// form; the deals list gets the alert state, not the footer's alert button).

const base = federatedConfig({
  dir: import.meta.dirname,
  name: 'public',
  role: 'remote',
  devPort: REMOTES.public.devPort,
  exposes: { './App': './src/App.tsx' },
  // The visitor pages are rendered on the server too: see src/server/render.tsx.
  server: './src/server/render.tsx',
  title: 'DealDrop public (standalone)',
});

/**
 * The deal-alerts service worker is a plain script copied as-is to `dist/deal-alerts-sw.js` (no
 * hash: its URL is its identity), where the server that hosts the site serves it from `/`. It
 * must not be bundled: a worker cannot load the federation runtime or chunks.
 */
const serviceWorker = {
  apply(compiler) {
    new compiler.rspack.CopyRspackPlugin({
      patterns: [{ from: 'src/features/deal-alerts/deal-alerts-sw.js', to: 'deal-alerts-sw.js' }],
    }).apply(compiler);
  },
};

export default (env, argv) => {
  const configs = [base(env, argv)].flat();
  const withWorker = configs.map((config) => (config.name === 'server' ? config : { ...config, plugins: [...config.plugins, serviceWorker] }));
  return withWorker.length === 1 ? withWorker[0] : withWorker;
};
