/** Shown while a page's code loads after a client-side navigation (never in static HTML). */
export function PageFallback() {
  return (
    <div
      className="container-page flex min-h-screen-below-header items-center justify-center"
      role="status"
    >
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
      <span className="sr-only">Loading page…</span>
    </div>
  );
}
