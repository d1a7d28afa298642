/**
 * Shown while a page's code loads after a client-side navigation (never in static HTML). It draws
 * the same wheel as `Spinner` with its own markup on purpose: this fallback is in every public
 * page's first-load JS, and importing `Spinner` here would move it into that shared chunk (about
 * 70 gzipped bytes more on each public page).
 */
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
