import { startTransition, useEffect, useState, type ComponentType } from 'react';
import type { RemoteName } from '../app/routeTable';
import { loadedRemoteComponent, loadRemoteComponent } from '../lib/federation';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback, RemoteLoading } from './RemoteFallback';

type LoadState = { status: 'loading' } | { status: 'ready'; Component: ComponentType } | { status: 'failed' };

interface RemoteViewProps {
  remote: RemoteName;
  /** Injectable for tests; the real loader goes through the federation runtime. */
  load?: typeof loadRemoteComponent;
}

/** Loads a remote's App when first rendered and shows it, or a fallback with Retry. */
export function RemoteView({ remote, load = loadRemoteComponent }: RemoteViewProps) {
  const [attempt, setAttempt] = useState(0);
  // Already loaded (a server-rendered page hydrates with it): rendered at once, as the server did.
  const [state, setState] = useState<LoadState>(() => {
    const Component = load === loadRemoteComponent ? loadedRemoteComponent(remote, 'App') : undefined;
    return Component ? { status: 'ready', Component } : { status: 'loading' };
  });

  useEffect(() => {
    let current = true;
    load(remote, 'App', attempt > 0).then(
      // Rendered as a transition: the remote's first screen is built in slices (see bootstrap.tsx).
      (Component) => current && startTransition(() => setState({ status: 'ready', Component })),
      (error: unknown) => {
        console.warn(`The ${remote} remote could not be loaded`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [remote, attempt, load]);

  // A different remote mounts a new RemoteView (keyed by name), so only Retry restarts loading.
  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  if (state.status === 'loading') return <RemoteLoading />;
  if (state.status === 'failed') return <RemoteFallback remote={remote} onRetry={retry} />;
  const { Component } = state;
  return (
    <RemoteErrorBoundary
      fallback={(reset) => (
        <RemoteFallback
          remote={remote}
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <Component />
    </RemoteErrorBoundary>
  );
}
