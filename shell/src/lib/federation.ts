import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '../app/routeTable';

/** Container names are prefixed (a bare `public` is a reserved word); see infra/build/remotes.mjs. */
const federationName = (remote: string) => `deals_${remote}`;

export type RemotesManifest = Partial<Record<RemoteName, string>>;

let manifest: Promise<RemotesManifest> | null = null;

/**
 * Remotes pinned to one build's remoteEntry.js by a server-rendered page: its markup must be
 * hydrated by the code that rendered it, whatever /remotes.json says by the time it is read.
 */
const pinned: RemotesManifest = {};

/** Back to /remotes.json for `remote` (its pinned build could not be loaded). */
export function unpinRemote(remote: RemoteName): void {
  delete pinned[remote];
}

/** Loads `remote` from `entry` for the rest of this page's life (see `pinned`). */
export function pinRemote(remote: RemoteName, entry: string): void {
  pinned[remote] = entry;
  register({ [remote]: entry }, true);
}

/**
 * Reads /remotes.json (written by whoever hosts the shell) and registers each remote by its
 * manifest URL. Nothing is downloaded from a remote until one of its modules is loaded.
 */
export function startFederation(): Promise<RemotesManifest> {
  manifest ??= fetch('/remotes.json', { credentials: 'same-origin' })
    .then((response) => {
      if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
      return response.json() as Promise<RemotesManifest>;
    })
    .then((remotes) => {
      register(remotes, false);
      return remotes;
    })
    .catch((error: unknown) => {
      manifest = null; // let the next attempt fetch it again
      throw error;
    });
  return manifest;
}

function register(remotes: RemotesManifest, force: boolean, only?: RemoteName): void {
  const entries = Object.entries({ ...remotes, ...pinned }).filter(([name, url]) => url && (!only || name === only));
  registerRemotes(
    entries.map(([name, url]) => ({ name: federationName(name), alias: name, entry: new URL(url as string, window.location.href).href })),
    { force },
  );
}

const loading = new Map<string, Promise<ComponentType>>();
const loaded = new Map<string, RemoteModule>();

/** A remote module if it has already arrived: hydration renders it at once. */
export function loadedRemoteModule(remote: RemoteName, exposed: string): RemoteModule | undefined {
  return loaded.get(`${remote}/${exposed}`);
}

export function loadedRemoteComponent(remote: RemoteName, exposed: string): ComponentType | undefined {
  return loadedRemoteModule(remote, exposed)?.default;
}

/**
 * The default export of a remote's exposed module, e.g. `loadRemoteComponent('catalog', 'App')`.
 * One load per module: the bootstrap starts the landing page's remote before React renders, and
 * the view that shows it later gets the same promise. `retry` starts afresh.
 */
export function loadRemoteComponent(remote: RemoteName, exposed: string, retry = false): Promise<ComponentType> {
  const key = `${remote}/${exposed}`;
  let pending = retry ? undefined : loading.get(key);
  if (!pending) {
    pending = fetchRemoteModule(remote, exposed, retry).then((module) => {
      if (!module?.default) throw new Error(`${remote}/${exposed} has no default export`);
      loaded.set(key, module);
      return module.default;
    });
    loading.set(key, pending);
    pending.catch(() => loading.delete(key));
  }
  return pending;
}

export interface RemoteModule {
  default: ComponentType;
  /** The remote's build id (infra/build/ssr.mjs), for remotes that render on the server. */
  buildId?: string;
  /** Fetches every chunk the page at `pathname` renders with (hydration must not suspend). */
  preloadPage?: (pathname: string) => Promise<void>;
}

/** A remote's exposed module; a pinned remote loads without waiting for /remotes.json. */
async function fetchRemoteModule(remote: RemoteName, exposed: string, retry = false): Promise<RemoteModule | null> {
  const remotes = pinned[remote] ? pinned : await startFederation();
  if (!remotes[remote]) throw new Error(`No URL is configured for the ${remote} remote`);
  // After a failure the runtime keeps the broken entry: re-register it so Retry fetches afresh.
  if (retry) register(remotes, true, remote);
  return loadRemote<RemoteModule>(`${federationName(remote)}/${exposed}`);
}
