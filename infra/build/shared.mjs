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
  '@deals/shared-auth': ['@deals/shared-auth'],
};

// react-router is a dependency of react-router-dom, never imported by our code directly:
// share it whenever the router is shared so both resolve to the same context objects.
const IMPLIED = { 'react-router': 'react-router-dom' };

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
 */
export function sharedFor(pkgDir) {
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
    }
  }
  return shared;
}

export const SHARED_PACKAGES = Object.keys(SINGLETONS);
