// The Module Federation share scope, written once for the shell and every remote.
// Everything listed is a singleton: two copies of React, the router, jotai or antd on one page
// break hooks, contexts and the shared session atom.
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';

// Each package name with the import paths the bundles use. Subpaths are shared too because
// a shared package that imports its own subpath (jotai -> jotai/vanilla) would otherwise bundle a
// private copy of it, and with it a private default store.
const SINGLETONS = {
  react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  'react-router-dom': ['react-router-dom'],
  'react-router': ['react-router'],
  jotai: ['jotai', 'jotai/vanilla', 'jotai/react', 'jotai/utils', 'jotai/vanilla/utils', 'jotai/react/utils'],
  antd: ['antd'],
  '@deals/shared-auth': ['@deals/shared-auth', '@deals/shared-auth/client'],
};

// react-router is a dependency of react-router-dom, never imported by our code directly:
// share it whenever the router is shared so both resolve to the same context objects.
const IMPLIED = { 'react-router': 'react-router-dom' };

// Shared modules are bundled whole unless tree-shaken: the router would cost 58 KB (brotli) on
// every visitor page, its used part 14 KB. The shell provides the shaken copy to every remote, so
// router-exports.json is the contract of which router exports our packages may use; a jest test
// (shell/src/app/routerExports.test.ts) fails when code imports one that is not listed.
const ROUTER_EXPORTS = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'router-exports.json'), 'utf8'));
const TREE_SHAKEN = { 'react-router-dom': ROUTER_EXPORTS, 'react-router': ROUTER_EXPORTS };

/** Shared by the host but needed only by the back office: loaded when first used. */
const ADMIN_ONLY = ['antd', '@deals/shared-auth/client'];

function installedVersion(pkgDir, name) {
  const require = createRequire(path.join(pkgDir, 'package.json'));
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find package.json of ${name}`);
    dir = up;
  }
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/**
 * The `shared` option for a package: every singleton the package depends on, with a tight
 * requiredVersion taken from its own package.json (or the installed version for implied ones).
 * @param {string} pkgDir folder holding the package.json of the shell or remote
 * @param {{ host?: boolean }} [options] the host provides the page-critical singletons eagerly
 */
export function sharedFor(pkgDir, { host = false } = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const deps = { ...pkg.dependencies };
  /** @type {Record<string, {singleton: true, requiredVersion: string, version: string, strictVersion: boolean}>} */
  const shared = {};
  for (const [name, requests] of Object.entries(SINGLETONS)) {
    const via = IMPLIED[name];
    if (!(name in deps) && !(via && via in deps)) continue;
    const version = installedVersion(pkgDir, name);
    const requiredVersion = deps[name] ?? `^${version}`;
    for (const request of requests) {
      shared[request] = { singleton: true, requiredVersion, version, strictVersion: false };
      if (TREE_SHAKEN[request]) shared[request].treeShaking = { mode: 'runtime-infer', usedExports: TREE_SHAKEN[request] };
      // The host bundles what every page needs into its entry: one request instead of a second
      // round of chunk downloads before anything renders (a visitor's first screen waits on it).
      // (Federation refuses eager together with tree shaking: the router stays a separate chunk.)
      else if (host && !ADMIN_ONLY.includes(request)) shared[request].eager = true;
    }
  }
  return shared;
}

export const SHARED_PACKAGES = Object.keys(SINGLETONS);
