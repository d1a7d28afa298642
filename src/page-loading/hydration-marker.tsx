import { useEffect } from 'react';

import { markFirstPageShown } from '@/page-loading/first-page';
import { endPrerenderHydration } from '@/page-loading/prerender-hydration';

/** On <html> once the page in view has hydrated (tests and tools wait for it). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Rendered inside the page's Suspense boundary, after the page: its effect runs only once that
 * boundary, the page included, has hydrated. Renders nothing.
 */
export function HydrationMarker() {
  useEffect(() => {
    endPrerenderHydration();
    markFirstPageShown();
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return null;
}
