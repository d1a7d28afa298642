import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';

import { AppRoutes } from '@/app/app-routes';
import { isAppPath, loadRoute } from '@/app/route-table';
import { AppPathContext } from '@/page-loading/link-click-router';

export { appRoutes, findRoute, notFoundRoute } from '@/app/route-table';
export { indexablePaths, NOT_FOUND_RENDER_PATH, staticPaths } from '@/app/static-paths';
export { site } from '@/config/site';
export { pageStructuredData, structuredDataTags } from '@/lib/seo/page-structured-data';

/** A render that met an error: the page would ship without its content. */
export class PrerenderError extends Error {
  override name = 'PrerenderError';
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Renders a tree to static HTML, failing on any error React meets on the way. React reports an
 * error inside a Suspense boundary only to `onError` and renders the boundary's fallback (the
 * browser would render it later), which would ship a page with an empty <main>; an error
 * outside every boundary rejects. Both become one PrerenderError naming the route.
 */
export async function renderStatic(element: ReactNode, route: string): Promise<string> {
  const errors = new Set<unknown>();
  let prelude: ReadableStream<Uint8Array> | undefined;
  try {
    ({ prelude } = await prerender(element, {
      // One piece: React would otherwise stream large Suspense boundaries as hidden markup swapped
      // in by an inline script (a fallback in the HTML, a layout shift, and a script the CSP forbids).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.add(error);
      },
    }));
  } catch (error) {
    errors.add(error);
  }
  if (errors.size > 0 || !prelude) {
    const [first] = errors;
    throw new PrerenderError(
      `Prerendering ${route} failed: ${[...errors].map(describeError).join('; ')}`,
      { cause: first },
    );
  }
  return new Response(prelude).text();
}

/**
 * Renders one URL to HTML for the static build. React 19 emits the page's <title>, <meta> and
 * <link> tags at the start of the output; the prerender script moves them into <head>.
 */
export async function renderPath(pathname: string): Promise<string> {
  await loadRoute(pathname);
  return renderStatic(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppPathContext value={isAppPath}>
          <AppRoutes />
        </AppPathContext>
      </StaticRouter>
    </StrictMode>,
    pathname,
  );
}
