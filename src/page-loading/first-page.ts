/**
 * Whether the app has already put a page on screen: the prerendered page it hydrated, or the
 * first page a client-only build rendered. From then on, every page that mounts is a client-side
 * navigation. HydrationMarker switches it on; the server never does.
 */
let firstPageShown = false;

export function markFirstPageShown() {
  firstPageShown = true;
}

export function isFirstPageShown() {
  return firstPageShown;
}
