import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';

import { AppRoutes } from '@/app/app-routes';
import { isAppPath, loadRoute } from '@/app/route-table';
import { AppPathContext } from '@/components/layout/link-click-router';

export { appRoutes, findRoute, notFoundRoute } from '@/app/route-table';
export { indexablePaths, NOT_FOUND_RENDER_PATH, staticPaths } from '@/app/static-paths';
export { site } from '@/config/site';

/**
 * Renders one URL to HTML for the static build. React 19 emits the page's <title>, <meta> and
 * <link> tags at the start of the output; the prerender script moves them into <head>.
 */
export async function renderPath(pathname: string): Promise<string> {
  await loadRoute(pathname);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppPathContext value={isAppPath}>
          <AppRoutes />
        </AppPathContext>
      </StaticRouter>
    </StrictMode>,
    // One piece: React would otherwise stream large Suspense boundaries as hidden markup swapped
    // in by an inline script (a fallback in the HTML, a layout shift, and a script the CSP forbids).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
