import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '../app/routeTable';

/** Container names are prefixed (a bare `public` is a reserved word); see infra/build/remotes.mjs. */
const federationName = (remote: string) => `deals_${remote}`;

export type RemotesManifest = Partial<Record<RemoteName, string>>;

let manifest: Promise<RemotesManifest> | null = null;

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
  const entries = Object.entries(remotes).filter(([name, url]) => url && (!only || name === only));
  registerRemotes(
    entries.map(([name, url]) => ({ name: federationName(name), alias: name, entry: new URL(url as string, window.location.href).href })),
    { force },
  );
}

const loading = new Map<string, Promise<ComponentType>>();

/**
 * The default export of a remote's exposed module, e.g. `loadRemoteComponent('catalog', 'App')`.
 * One load per module: the bootstrap starts the landing page's remote before React renders, and
 * the view that shows it later gets the same promise. `retry` starts afresh.
 */
export function loadRemoteComponent(remote: RemoteName, exposed: string, retry = false): Promise<ComponentType> {
  const key = `${remote}/${exposed}`;
  let pending = retry ? undefined : loading.get(key);
  if (!pending) {
    pending = fetchRemoteComponent(remote, exposed, retry);
    loading.set(key, pending);
    pending.catch(() => loading.delete(key));
  }
  return pending;
}

async function fetchRemoteComponent(remote: RemoteName, exposed: string, retry: boolean): Promise<ComponentType> {
  const remotes = await startFederation();
  if (!remotes[remote]) throw new Error(`No URL is configured for the ${remote} remote`);
  // After a failure the runtime keeps the broken entry: re-register it so Retry fetches afresh.
  if (retry) register(remotes, true, remote);
  const module = await loadRemote<{ default: ComponentType }>(`${federationName(remote)}/${exposed}`);
  if (!module?.default) throw new Error(`${remote}/${exposed} has no default export`);
  return module.default;
}
