/**
 * Loads the public remote's server bundle (server-side rendering of the visitor site) from wherever its manifest is deployed and
 * keeps it current: the manifest is re-read every `refreshMs`, and a new build is fetched,
 * evaluated and checked before it replaces the old one. Nothing here knows React: the bundle is
 * self-contained and speaks the protocol of the contract's ssr.ts.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import { SSR_PROTOCOL, type SsrServerBundle } from '@deals/contract';

/** What the browser needs to load the same build: its entry, stylesheets and first scripts. */
export interface ServerBuild {
  buildId: string;
  bundle: SsrServerBundle;
  /** Absolute (or site-relative) URL of the build's remoteEntry.js. */
  clientEntry: string;
  /**
   * Stylesheets of the exposed App, sync and async, with their text: the document carries them
   * inline, so the first paint is styled without one round trip per stylesheet.
   */
  styles: { href: string; css: string }[];
  /** Scripts the first screen needs (remoteEntry and the App's sync chunks), preloaded with the HTML. */
  scripts: string[];
}

interface Manifest {
  metaData?: {
    remoteEntry?: { name?: string; path?: string };
    ssrRemoteEntry?: { name?: string; path?: string };
    ssrBuildId?: string;
  };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/** Where the remote lives: a folder of this server's disk, or a URL. */
export type RemoteLocation = { kind: 'disk'; dist: string; browserBase: string } | { kind: 'url'; manifestUrl: string };

export interface ServerBundleOptions {
  location: RemoteLocation;
  refreshMs: number;
  log: FastifyBaseLogger;
  fetchTimeoutMs?: number;
}

const nodeRequire = createRequire(import.meta.url);
/** The bundle is self-contained: Node's built-ins are all it may require. */
const builtinsOnly = (id: string): unknown => {
  if (isBuiltin(id)) return nodeRequire(id);
  throw new Error(`the server bundle requires "${id}", which is not a Node built-in`);
};

const safeFile = (file: string) => /^[\w./-]+$/.test(file) && !file.includes('..');
const joinUrl = (...parts: (string | undefined)[]) =>
  parts
    .filter((part): part is string => Boolean(part))
    .map((part, index) => (index === 0 ? part.replace(/\/+$/, '') : part.replace(/^\/+|\/+$/g, '')))
    .join('/');

/** Evaluates CommonJS source as a module of its own; only built-ins can be required. */
export function evaluateBundle(code: string, filename: string): unknown {
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename }) as (
    exports: unknown,
    require: (id: string) => unknown,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} as unknown };
  wrapper(module.exports, builtinsOnly, module, filename, '/');
  return module.exports;
}

function isBundle(value: unknown): value is SsrServerBundle {
  const candidate = value as Partial<SsrServerBundle> | null;
  return !!candidate && typeof candidate.render === 'function' && typeof candidate.buildId === 'string' && typeof candidate.protocol === 'number';
}

export class ServerBundleSource {
  private build: ServerBuild | null = null;
  /** The manifest text last acted on, and when it was read. */
  private manifestText: string | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  private readonly reported = new Set<string>();

  constructor(private readonly options: ServerBundleOptions) {}

  /** The build to render with, or null: render in the browser (nothing deployed, or it is broken). */
  async current(): Promise<ServerBuild | null> {
    const stale = Date.now() - this.checkedAt >= this.options.refreshMs;
    if (stale) {
      this.checking ??= this.check().finally(() => {
        this.checking = null;
      });
      // The first look is awaited; later ones run while the current build keeps serving.
      if (this.manifestText === null) await this.checking;
    }
    return this.build;
  }

  /** Logs a failure once per build (and reason), never once per visit. */
  reportOnce(key: string, message: string, error?: unknown): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.options.log.error({ err: error, remote: 'public' }, message);
  }

  private async check(): Promise<void> {
    let text: string;
    try {
      text = await this.read('mf-manifest.json');
    } catch (error) {
      this.checkedAt = Date.now();
      this.manifestText = '';
      this.build = null;
      this.reportOnce(`manifest:${this.describe()}`, `server rendering is off: the public remote's manifest could not be read (${this.describe()})`, error);
      return;
    } finally {
      this.checkedAt = Date.now();
    }
    if (text === this.manifestText) return;
    this.manifestText = text;
    const version = createHash('sha256').update(text).digest('hex').slice(0, 12);
    try {
      this.build = await this.load(JSON.parse(text) as Manifest);
      this.options.log.info({ remote: 'public', buildId: this.build.buildId }, 'server rendering with the public remote build');
    } catch (error) {
      this.build = null;
      this.reportOnce(`build:${version}`, `server rendering is off for this public remote build (manifest ${version}): ${(error as Error).message}`, error);
    }
  }

  private async load(manifest: Manifest): Promise<ServerBuild> {
    const meta = manifest.metaData ?? {};
    const ssr = meta.ssrRemoteEntry;
    if (!ssr?.name || !meta.ssrBuildId) throw new Error('the manifest names no server bundle');
    if (!meta.remoteEntry?.name) throw new Error('the manifest names no remoteEntry');
    const bundleFile = joinUrl(ssr.path, ssr.name);
    if (!safeFile(bundleFile)) throw new Error('the server bundle path is not a plain relative path');
    const code = await this.read(bundleFile);
    const bundle = evaluateBundle(code, this.urlOf(bundleFile));
    if (!isBundle(bundle)) throw new Error('the server bundle does not export protocol, buildId and render()');
    if (bundle.protocol !== SSR_PROTOCOL) throw new Error(`the server bundle speaks protocol ${bundle.protocol}, this server ${SSR_PROTOCOL}`);
    if (bundle.buildId !== meta.ssrBuildId) throw new Error(`the server bundle is build ${bundle.buildId}, the manifest names ${meta.ssrBuildId}`);
    const app = manifest.exposes?.find((expose) => expose.name === 'App');
    const css = [...(app?.assets?.css?.sync ?? []), ...(app?.assets?.css?.async ?? [])].filter(safeFile);
    const js = (app?.assets?.js?.sync ?? []).filter(safeFile);
    const entry = joinUrl(meta.remoteEntry.path, meta.remoteEntry.name);
    return {
      buildId: bundle.buildId,
      bundle,
      clientEntry: this.browserUrlOf(entry),
      styles: await Promise.all([...new Set(css)].map(async (file) => ({ href: this.browserUrlOf(file), css: await this.read(file) }))),
      scripts: [entry, ...js].filter(safeFile).map((file) => this.browserUrlOf(file)),
    };
  }

  private describe(): string {
    const { location } = this.options;
    return location.kind === 'disk' ? location.dist : location.manifestUrl;
  }

  private urlOf(file: string): string {
    const { location } = this.options;
    return location.kind === 'disk' ? join(location.dist, file) : new URL(file, location.manifestUrl).href;
  }

  /** The URL a browser loads `file` from (relative to the manifest, as the federation runtime does). */
  private browserUrlOf(file: string): string {
    const { location } = this.options;
    return location.kind === 'disk' ? joinUrl(location.browserBase, file) : new URL(file, location.manifestUrl).href;
  }

  private async read(file: string): Promise<string> {
    const { location } = this.options;
    if (location.kind === 'disk') return readFile(join(location.dist, file), 'utf8');
    const response = await fetch(new URL(file, location.manifestUrl), {
      signal: AbortSignal.timeout(this.options.fetchTimeoutMs ?? 5_000),
      headers: { 'cache-control': 'no-cache' },
    });
    if (!response.ok) throw new Error(`${file} answered ${response.status}`);
    return response.text();
  }
}
