/** Placeholder while a route's chunk or first data loads: holds the page height (no layout jump). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
