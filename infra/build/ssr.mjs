// The server half of a remote (server-side rendering): one CommonJS file the host's server loads at run time to
// render visitor pages, announced in the browser build's mf-manifest.json so both halves are found
// through one manifest URL and carry one build id.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';

/** Folder of the server bundle inside a remote's dist, and its file: the manifest points here. */
export const SSR_DIR = 'server';
export const SSR_FILE = 'render.js';

/**
 * One id per build, compiled into both bundles and written into the manifest: the host renders
 * only with a server bundle whose id the manifest names, and the browser hydrates only when the
 * App it loaded carries the id the HTML was rendered with (never v1 HTML hydrated by v2 code).
 */
export function newBuildId() {
  return process.env.DEALS_BUILD_ID || `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;
}

/** Writes `metaData.ssrRemoteEntry` and `metaData.ssrBuildId` into mf-manifest.json (written by federation after emit). */
export class SsrManifestPlugin {
  /** @param {string} buildId  @param {string} dist the remote's output folder */
  constructor(buildId, dist) {
    this.buildId = buildId;
    this.dist = dist;
  }
  apply(compiler) {
    compiler.hooks.done.tapPromise('SsrManifestPlugin', async ({ compilation }) => {
      // Federation builds its tree-shaken shared packages with the same plugins, elsewhere.
      if (path.resolve(compilation.outputOptions.path) !== path.resolve(this.dist)) return;
      const file = path.join(this.dist, 'mf-manifest.json');
      const manifest = JSON.parse(await fs.promises.readFile(file, 'utf8'));
      manifest.metaData.ssrRemoteEntry = { name: SSR_FILE, path: SSR_DIR, type: 'commonjs-module' };
      manifest.metaData.ssrBuildId = this.buildId;
      await fs.promises.writeFile(file, JSON.stringify(manifest, null, 2));
    });
  }
}

/**
 * The node-target compiler: everything in one self-contained file (its own React and router; only
 * Node's built-ins are required), CSS imports empty, dynamic imports inlined.
 * @param {{ dir: string, entry: string, buildId: string, production: boolean, rules: object[], resolve: object }} options
 */
export function serverConfig({ dir, entry, buildId, production, rules, resolve }) {
  return {
    name: 'server',
    // After the browser build, which empties dist/ first.
    dependencies: ['browser'],
    mode: production ? 'production' : 'development',
    target: 'node20',
    context: dir,
    entry: { render: entry },
    devtool: false,
    output: {
      path: path.join(dir, 'dist', SSR_DIR),
      filename: SSR_FILE,
      library: { type: 'commonjs2' },
    },
    resolve: { ...resolve, conditionNames: ['deals-source', 'node', 'import', 'require', 'default'] },
    module: {
      rules: [
        ...rules.filter((rule) => String(rule.test) !== String(/\.css$/)),
        { test: /\.css$/, loader: path.join(import.meta.dirname, 'empty-loader.cjs'), type: 'javascript/auto' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'), __DEALS_BUILD_ID__: JSON.stringify(buildId) }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    // Readable stack traces in the server's log; the file is read once per deploy, not per visit.
    optimization: { minimize: false, splitChunks: false },
    // The router's framework-mode dynamic imports are never taken by a StaticRouter render.
    ignoreWarnings: [/Critical dependency: the request of a dependency is an expression/],
    performance: { hints: false },
  };
}
