/**
 * Whether the first render of this page load, the hydration of the static HTML, is over.
 * Components that defer their own hydration use it to tell a fresh mount after a client-side
 * navigation (render straight away) from the first paint of prerendered markup (may wait).
 */
let hydrated = false;

export function markHydrated(): void {
  hydrated = true;
}

export function isHydrated(): boolean {
  return hydrated;
}
