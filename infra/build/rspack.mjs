// One Rspack + Module Federation configuration for the shell and every remote, so each
// package's rspack.config.mjs is a few lines and they cannot drift apart.
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedFor } from './shared.mjs';
import { API_PORT, federationName } from './remotes.mjs';
import { newBuildId, serverConfig, SsrManifestPlugin } from './ssr.mjs';

// Requests the first screen waits on, started with the HTML rather than after the JavaScript:
// the remotes map, and for visitor pages (not /admin, /cms, /login: keep in step with
// shell/src/app/routeTable.ts) the site info every public page renders from. The fetch in
// remote-public uses the same URL, mode and credentials, so it is served from this preload. A
// server-rendered page (window.__DEALS_SSR__) carries the site info in it: nothing to preload.
const HOST_PRELOADS = `<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous" />
    <script>(function(){if(window.__DEALS_SSR__||/^\\/(admin|cms|login)(\\/|$)/.test(location.pathname))return;var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=((window.__DEALS_CONFIG__||{}).apiBase||'/api').replace(/\\/+$/,'')+'/Home/GetCMSInfo';document.head.appendChild(l)})()</script>`;

/**
 * @param {object} options
 * @param {string} options.dir            folder of the package (its package.json and src/)
 * @param {string} options.name           federation name (`shell`, `public`, `catalog`, …)
 * @param {number} options.devPort        port of the package's own dev server
 * @param {Record<string,string>} [options.exposes] what a remote exposes
 * @param {'host'|'remote'} options.role  the host lives at `/`; remotes load from anywhere
 * @param {string} options.title          document title of the package's own page
 * @param {string} [options.server]        entry of the remote's server renderer: production builds
 *                                          then also emit `dist/server/` and announce it in the manifest
 * @returns {(env: unknown, argv: {mode?: string}) => import('@rspack/core').Configuration | import('@rspack/core').Configuration[]}
 */
export function federatedConfig({ dir, name, devPort, exposes, role, title, server }) {
  return (_env, argv) => {
    const production = (argv.mode ?? process.env.NODE_ENV) === 'production';
    const isHost = role === 'host';
    const buildId = production ? newBuildId() : 'development';
    const withServer = Boolean(server && production);
    const browser = {
      name: 'browser',
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // A remote is hosted wherever its team deploys it: resolve chunk URLs from remoteEntry.
        publicPath: isHost ? (process.env.SHELL_PUBLIC_PATH ?? '/') : 'auto',
        uniqueName: federationName(name),
        filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
        chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
        cssFilename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
        cssChunkFilename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      // `deals-source`: our workspace packages (the contract) are bundled from their TypeScript, the
      // same code the tests run; their built JavaScript is for Node. (A condition of our own: some
      // npm packages publish a `source` condition pointing at sources they do not ship compiled.)
      resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'], conditionNames: ['deals-source', '...'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?|ttf|eot)$/, type: 'asset' },
        ],
      },
      plugins: [
        new rspack.HtmlRspackPlugin({
          template: path.join(import.meta.dirname, 'index.html'),
          templateParameters: {
            title,
            // Only the host reads /remotes.json; start that fetch with the HTML.
            preload: isHost ? HOST_PRELOADS : '',
          },
          favicon: path.join(import.meta.dirname, 'favicon.svg'),
          // Unminified: the page is tiny and the server replaces the <!--deals-config--> comment.
          minify: false,
        }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'), __DEALS_BUILD_ID__: JSON.stringify(buildId) }),
        ...(withServer ? [new SsrManifestPlugin(buildId, path.join(dir, 'dist'))] : []),
        new ModuleFederationPlugin({
          name: federationName(name),
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          // The host never declares remotes statically: it registers them from /remotes.json at run
          // time, so one remote being down cannot stop the shell from rendering.
          remotes: {},
          shared: sharedFor(dir, { host: isHost }),
          // 'version-first' would fetch every registered remote's entry at start-up to compare
          // versions: a visitor would download admin code, and one dead remote would break all.
          shareStrategy: 'loaded-first',
          manifest: !isHost,
          dts: false,
          // One federation runtime per page (about 30 KB brotli): the shell provides it and the
          // remotes' production builds use it instead of each carrying a copy. Standalone dev
          // servers keep their own, since there the remote is its own host.
          experiments: { ...(isHost ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {}), optimization: { target: 'web', ...(isHost ? {} : { disableRemote: true }) } },
        }),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      performance: { hints: false },
      devServer: {
        port: devPort,
        hot: true,
        // Shared preview links end in a signed token with a dot: still a page, not a file.
        historyApiFallback: { disableDotRule: true },
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          { context: ['/api', '/remotes.json'], target: `http://localhost:${API_PORT}`, changeOrigin: true },
        ],
      },
    };
    if (!withServer) return browser;
    return [serverConfig({ dir, entry: server, buildId, production, rules: browser.module.rules, resolve: browser.resolve }), browser];
  };
}
