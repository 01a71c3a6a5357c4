/**
 * Serves the built frontends from this process (the one-command default): the shell at `/`, each
 * remote at `/remotes/<name>/`, the remote manifest map at `/remotes.json`, and the shell's
 * index.html for client-side routes. Enabled by the `frontendsRoot` option.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type ClientConfig, type RemoteName, type RemotesManifest } from '@deals/contract';
import { isApiPath } from '../../errors.js';
import { publicCacheTtlMs, sendCachedText, SHARED_CACHE_CONTROL } from '../../lib/http-cache.js';
import type { AppOptions, Env } from '../../options.js';
import { inlineScriptHashes, markScripts, newNonce, newNonceMarker, pagePolicy, stampNonce, type PageKind } from '../../lib/csp.js';
import { canHostRender } from '../../ssr/document.js';
import { pageCacheBytes } from '../../ssr/page-cache.js';
import { ServerBundleSource, type RemoteLocation } from '../../ssr/server-bundle.js';
import { VisitorRenderer } from '../../ssr/visitor-renderer.js';

export const CONFIG_MARKER = '<!--deals-config-->';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The public remote's deal-alerts service worker, served at the site root so its scope is the whole site. */
export const SERVICE_WORKER = 'deal-alerts-sw.js';

/** Entry points keep their names across builds and must be revalidated; everything else is content-hashed. */
export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  return name === 'mf-manifest.json' || name === 'remoteEntry.js' || name === SERVICE_WORKER || name.endsWith('.html') ? NO_CACHE : IMMUTABLE;
}

/**
 * `/deal-alerts-sw.js` from the public remote's build. A service worker controls only pages under
 * its own path and must come from the page's origin, so it cannot stay under /remotes/public/.
 * Read per request (a few KB; the remote may be redeployed under a running server) and revalidated.
 */
function registerServiceWorker(fastify: FastifyInstance, publicDist: string): void {
  fastify.get(`/${SERVICE_WORKER}`, async (_request, reply) => {
    const script = await readFile(join(publicDist, SERVICE_WORKER), 'utf8').catch(() => null);
    if (script === null) return reply.callNotFound();
    return reply.type('text/javascript; charset=utf-8').header('cache-control', NO_CACHE).send(script);
  });
}

export function remotesManifest(env: Env): RemotesManifest {
  const manifest = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    manifest[name] = env[`REMOTE_${name.toUpperCase()}_URL`] || `/remotes/${name}/mf-manifest.json`;
  }
  return manifest;
}

/** The site's absolute address (`PUBLIC_URL`), for canonical links, structured data and sitemaps. */
export function publicUrlOf(env: Env): string {
  return (env.PUBLIC_URL || `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, '');
}

export function clientConfig(env: Env): ClientConfig & { publicUrl: string } {
  return { apiBase: env.API_BASE || '/api', emailSignupActionUrl: env.EMAIL_SIGNUP_ACTION_URL || null, publicUrl: publicUrlOf(env) };
}

/** Shared caches may keep a rendered page a minute; browsers revalidate it (ETag) every time. */
export const RENDERED_PAGE_CACHE_CONTROL = SHARED_CACHE_CONTROL;

/** Where the server bundle of the public remote is read from: this server's disk, or its URL. */
export function publicRemoteLocation(env: Env, root: string): RemoteLocation {
  const configured = env.REMOTE_PUBLIC_URL;
  const local: RemoteLocation = { kind: 'disk', dist: join(root, 'remote-public', 'dist'), browserBase: '/remotes/public/' };
  if (!configured || configured === '/remotes/public/mf-manifest.json') return local;
  // A site-relative URL is served by whatever fronts this server: read it through PUBLIC_URL.
  return { kind: 'url', manifestUrl: new URL(configured, `${publicUrlOf(env)}/`).href };
}

/**
 * Pages opened by a private link: draft previews (`/preview`, `/preview/shared/{token}`) and the
 * email alert pages (`/email-alerts/confirm?token=`, `/email-alerts/manage?token=`). Client-rendered
 * only (nothing of theirs enters the page cache, one entry per token) and never indexed.
 */
const PREVIEW_PATH = /^\/(?:preview|email-alerts)(?:\/|$)/;

/** Tells crawlers not to index a preview even when they fetch it (robots.txt disallows /preview too). */
const NOINDEX_META = '<meta name="robots" content="noindex">';

/** Visitor pages rendered on the server: not the back office, not the draft previews. */
function isRenderedPath(path: string): boolean {
  return !BACK_OFFICE_PATH.test(path) && !PREVIEW_PATH.test(path) && path !== '/' && path !== '/index.html';
}

/** Inlines the client configuration; `<` is escaped so no value can close the script element. */
export function injectClientConfig(html: string, config: ClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(CONFIG_MARKER, () => `<script>window.__DEALS_CONFIG__=${json}</script>`);
}

/** Paths the shell renders itself or with an admin remote (sign-in and the password link's page too); every other page is the visitor site. */
const BACK_OFFICE_PATH = /^\/(?:admin|cms|login|reset-password)(?:\/|$)/;

/**
 * `<link rel="preload">` tags for what the public remote's `./App` needs first (its remoteEntry and
 * the exposed module's synchronous JS and CSS, from its mf-manifest.json), so a visitor's browser
 * fetches them with the HTML instead of after the shell's JavaScript has run and read the manifest.
 * Only for a public remote served from this process; '' when there is nothing to read.
 */
export async function publicRemotePreloads(dist: string, base = '/remotes/public/'): Promise<string> {
  try {
    const manifest = JSON.parse(await readFile(join(dist, 'mf-manifest.json'), 'utf8')) as {
      metaData?: { remoteEntry?: { name?: string; path?: string } };
      exposes?: { name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
    };
    const entry = manifest.metaData?.remoteEntry;
    const app = manifest.exposes?.find((expose) => expose.name === 'App');
    if (!entry?.name || !app) return '';
    const safe = (file: string) => /^[\w./-]+$/.test(file) && !file.includes('..');
    const url = (file: string) => base + file.replace(/^\/+/, '');
    const scripts = [[entry.path, entry.name].filter(Boolean).join('/'), ...(app.assets?.js?.sync ?? [])].filter(safe);
    const styles = (app.assets?.css?.sync ?? []).filter(safe);
    return [...scripts.map((file) => `<link rel="preload" href="${url(file)}" as="script">`), ...styles.map((file) => `<link rel="preload" href="${url(file)}" as="style">`)].join('');
  } catch {
    return '';
  }
}

/** A client-side route: a page navigation outside the API and the remotes, without a file extension. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (isApiPath(path) || path === '/remotes' || path.startsWith('/remotes/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  // A preview link's token is `payload.signature`: a page, not a file.
  if (lastSegment.includes('.') && !PREVIEW_PATH.test(path)) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*');
}

function visitorRenderer(fastify: FastifyInstance, env: Env, root: string, shellHtml: string): VisitorRenderer | null {
  if (env.SSR === 'off') return null;
  if (!canHostRender(shellHtml)) {
    fastify.log.warn('server rendering is off: the shell index.html has no #root, <title> or </body> to fill');
    return null;
  }
  return new VisitorRenderer(fastify, {
    source: new ServerBundleSource({ location: publicRemoteLocation(env, root), refreshMs: Number(env.SSR_REFRESH_MS) || 30_000, log: fastify.log }),
    shellHtml,
    config: clientConfig(env),
    contentVersion: () => fastify.contentVersion.current(),
    ttlMs: publicCacheTtlMs(env),
    cacheBytes: pageCacheBytes(env),
    renderTimeoutMs: 10_000,
    metrics: fastify.metrics,
  });
}

/**
 * Whether the site settings turn web analytics on, which lets the page load gtag.js (see
 * lib/csp.ts). Read from the cached site info, so it follows the settings as pages do.
 */
function analyticsSetting(fastify: FastifyInstance): () => Promise<boolean> {
  let last = { etag: '', on: false };
  return async () => {
    if (!fastify.hasDecorator('siteInfo')) return false;
    const answer = await fastify.siteInfo.answer();
    if (answer.etag !== last.etag) {
      const id = (JSON.parse(answer.text) as { googleAnalyticsId?: unknown }).googleAnalyticsId;
      last = { etag: answer.etag, on: typeof id === 'string' && id.trim() !== '' };
    }
    return last.on;
  };
}

async function registerShell(fastify: FastifyInstance, shellDist: string, env: Env, publicDist: string | null, root: string): Promise<void> {
  const indexPath = join(shellDist, 'index.html');
  if (!existsSync(indexPath)) {
    fastify.log.warn({ path: indexPath }, 'shell build not found: the API runs, the site is not served');
    return;
  }
  // Read once per process: the shell is rebuilt only with a redeploy, which restarts the server.
  const indexHtml = injectClientConfig(await readFile(indexPath, 'utf8'), clientConfig(env));
  // The public remote may be redeployed under a running server: its manifest is re-read at most
  // every few seconds.
  // The shell's pages hold no content: its scripts carry this marker, replaced per answer by a nonce.
  const shellMarker = newNonceMarker();
  const markedIndex = markScripts(indexHtml, shellMarker);
  let visitorHtml = { html: markedIndex, readAt: 0 };
  const visitorIndex = async () => {
    if (publicDist && Date.now() - visitorHtml.readAt > 5_000) {
      const preloads = await publicRemotePreloads(publicDist);
      visitorHtml = { html: preloads ? markedIndex.replace('</head>', () => `${preloads}</head>`) : markedIndex, readAt: Date.now() };
    }
    return visitorHtml.html;
  };
  const renderer = visitorRenderer(fastify, env, root, indexHtml);
  // Every document below is this one with links, a meta tag or content added: the same scripts of ours.
  const shellScriptHashes = inlineScriptHashes(indexHtml);
  const analyticsOn = analyticsSetting(fastify);
  const applyPolicy = async (reply: FastifyReply, kind: PageKind, scriptHashes: readonly string[], nonce: string) => {
    const analytics = kind === 'visitor' && (await analyticsOn());
    fastify.contentSecurity.apply(reply, pagePolicy(fastify.contentSecurity, { kind, scriptHashes, nonce, analytics }));
    // For browsers that know X-Frame-Options only (helmet's default is SAMEORIGIN).
    if (kind === 'back-office') reply.header('x-frame-options', 'DENY');
  };
  const sendRendered = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const page = renderer ? await renderer.page(request.url) : null;
    if (!page) return false;
    const nonce = newNonce();
    await applyPolicy(reply, 'visitor', page.scriptHashes, nonce);
    reply.code(page.status);
    // The ETag stays the cached page's (taken before any nonce): bodies that differ only by their
    // nonce are the same page, and a revalidated copy keeps running by the hashes. A stamped body
    // is compressed per answer, as it is never sent twice.
    const text = stampNonce(page.html, page.nonceMarker, nonce);
    await sendCachedText(request, reply, { text, etag: page.etag, encoded: new Map() }, { type: 'text/html; charset=utf-8', cacheControl: RENDERED_PAGE_CACHE_CONTROL });
    return true;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (path === '/') return reply.redirect(`/home${request.url.slice(1)}`, 301);
    if (isRenderedPath(path) && (await sendRendered(request, reply))) return reply;
    const backOffice = BACK_OFFICE_PATH.test(path);
    const nonce = newNonce();
    await applyPolicy(reply, backOffice ? 'back-office' : 'visitor', shellScriptHashes, nonce);
    if (PREVIEW_PATH.test(path)) {
      const html = stampNonce((await visitorIndex()).replace('</head>', () => `${NOINDEX_META}</head>`), shellMarker, nonce);
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).header('x-robots-tag', 'noindex').send(html);
    }
    const html = stampNonce(backOffice ? markedIndex : await visitorIndex(), shellMarker, nonce);
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(html);
  };

  fastify.get('/', sendIndex);
  fastify.get('/index.html', sendIndex);
  fastify.notFoundFallback = (request, reply) => {
    if (!isClientRoute(request)) return false;
    void sendIndex(request, reply);
    return true;
  };

  await fastify.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    // One route per file, found at start: the shell changes only with a redeploy (a restart), and
    // a page URL then never costs a file-system lookup before it is rendered.
    wildcard: false,
    // Answered by sendIndex (configuration injected, server rendering), never as a file.
    globIgnore: ['index.html', 'index.html.*'],
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, path) => reply.header('cache-control', cacheControlFor(path)),
  });
}

async function registerRemote(fastify: FastifyInstance, name: RemoteName, dist: string): Promise<void> {
  if (!existsSync(dist)) {
    fastify.log.warn({ remote: name, path: dist }, 'remote build not found: it is not served from here');
    return;
  }
  await fastify.register(fastifyStatic, {
    root: dist,
    prefix: `/remotes/${name}/`,
    decorateReply: false,
    index: false,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
      // The shell may load a remote from another origin (CDN, split deployment).
      reply.header('access-control-allow-origin', '*');
    },
  });
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const root = opts.frontendsRoot;
    if (!root) return;
    const env = opts.env ?? process.env;

    fastify.get('/remotes.json', (_request, reply) => reply.header('cache-control', NO_CACHE).send(remotesManifest(env)));
    for (const name of REMOTE_NAMES) await registerRemote(fastify, name, join(root, `remote-${name}`, 'dist'));
    // Preloads only for a public remote this process serves (not one from REMOTE_PUBLIC_URL).
    const publicDist = env.REMOTE_PUBLIC_URL ? null : join(root, 'remote-public', 'dist');
    registerServiceWorker(fastify, join(root, 'remote-public', 'dist'));
    await registerShell(fastify, join(root, 'shell', 'dist'), env, publicDist, root);
  },
  { name: 'frontends', dependencies: ['compress', 'content-version', 'security-headers'] },
);
