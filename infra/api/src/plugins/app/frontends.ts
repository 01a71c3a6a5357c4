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
import { REMOTE_NAMES, type ClientConfig, type RemoteName, type RemotesManifest } from '../../contract/index.js';
import { isApiPath } from '../../errors.js';
import type { AppOptions, Env } from '../../options.js';

export const CONFIG_MARKER = '<!--deals-config-->';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Entry points keep their names across builds and must be revalidated; everything else is content-hashed. */
export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  return name === 'mf-manifest.json' || name === 'remoteEntry.js' || name.endsWith('.html') ? NO_CACHE : IMMUTABLE;
}

export function remotesManifest(env: Env): RemotesManifest {
  const manifest = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    manifest[name] = env[`REMOTE_${name.toUpperCase()}_URL`] || `/remotes/${name}/mf-manifest.json`;
  }
  return manifest;
}

export function clientConfig(env: Env): ClientConfig {
  return { apiBase: env.API_BASE || '/api', emailSignupActionUrl: env.EMAIL_SIGNUP_ACTION_URL || null };
}

/** Inlines the client configuration; `<` is escaped so no value can close the script element. */
export function injectClientConfig(html: string, config: ClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(CONFIG_MARKER, () => `<script>window.__DEALS_CONFIG__=${json}</script>`);
}

/** A client-side route: a page navigation outside the API and the remotes, without a file extension. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (isApiPath(path) || path === '/remotes' || path.startsWith('/remotes/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*');
}

async function registerShell(fastify: FastifyInstance, shellDist: string, env: Env): Promise<void> {
  const indexPath = join(shellDist, 'index.html');
  if (!existsSync(indexPath)) {
    fastify.log.warn({ path: indexPath }, 'shell build not found: the API runs, the site is not served');
    return;
  }
  // Read once per process: the shell is rebuilt only with a redeploy, which restarts the server.
  const indexHtml = injectClientConfig(await readFile(indexPath, 'utf8'), clientConfig(env));
  const sendIndex = (reply: FastifyReply) => reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(indexHtml);

  fastify.get('/', (_request, reply) => sendIndex(reply));
  fastify.get('/index.html', (_request, reply) => sendIndex(reply));
  fastify.notFoundFallback = (request, reply) => {
    if (!isClientRoute(request)) return false;
    void sendIndex(reply);
    return true;
  };

  await fastify.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: true,
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
    await registerShell(fastify, join(root, 'shell', 'dist'), env);
  },
  { name: 'frontends', dependencies: ['compress'] },
);
