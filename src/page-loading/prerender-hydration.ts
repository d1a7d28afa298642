/**
 * Whether React is hydrating the prerendered HTML of the page in view. main.tsx switches it on
 * just before hydrateRoot; HydrationMarker switches it off once the page has hydrated. A client
 * render (client-only build, 404 fallback, later navigations) never sees it on.
 */
let hydratingPrerenderedHtml = false;

export function beginPrerenderHydration() {
  hydratingPrerenderedHtml = true;
}

export function endPrerenderHydration() {
  hydratingPrerenderedHtml = false;
}

export function isHydratingPrerenderedHtml() {
  return hydratingPrerenderedHtml;
}
