interface RemoteFallbackProps {
  remote: string;
  onRetry: () => void;
}

/** Shown in place of a remote that could not be loaded or crashed; the rest of the page keeps working. */
export function RemoteFallback({ remote, onRetry }: RemoteFallbackProps) {
  return (
    <div role="alert" className="shell-fallback">
      <h2>This part of the site is unavailable right now</h2>
      <p>We could not load the {remote} section. Check your connection and try again.</p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function RemoteLoading() {
  return (
    <div className="shell-loading" role="status" aria-live="polite">
      <span className="shell-spinner" aria-hidden="true" />
      <span className="shell-loading__text">Loading…</span>
    </div>
  );
}
