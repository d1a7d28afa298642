import { matchPath } from 'react-router';

import { paths } from '@/config/paths';
import { preloadServiceDetail, serviceDetailSources } from '@/content/service-details';
import { adminSectionPaths } from '@/features/staff-frame/admin-section-paths';
import { lazyPage, type LazyPage } from '@/page-loading/lazy-page';

const SERVICE_PATTERN = '/service/:slug';
const slugOf = (pathname: string) => matchPath(SERVICE_PATTERN, pathname)?.params.slug ?? '';

export type AppRoute = {
  /** react-router path pattern */
  pattern: string;
  page: LazyPage;
  /** the page module's source path: the prerender looks its chunk up in Vite's manifest */
  source: string;
  /** Data the page reads synchronously, loaded with the page before rendering or hydrating. */
  prepare?: (pathname: string) => Promise<unknown>;
  /** Source modules of that data, which the prerender preloads beside the page's chunk. */
  dataSources?: (pathname: string) => readonly string[];
};

/**
 * The staff area's pages and the booking page, by pattern and source: their code is named only by
 * `./separate-routes`, a chunk of its own, so a public page's first load carries one import for
 * all of them instead of one per page with its list of dependencies. A new staff page goes there
 * and leaves the public pages' bytes as they are.
 */
const separatelyLoaded: readonly { pattern: string; source: string }[] = [
  { pattern: paths.consultation, source: 'src/pages/consultation-page.tsx' },
  { pattern: paths.auth, source: 'src/pages/auth-page.tsx' },
  { pattern: paths.admin, source: 'src/pages/admin-page.tsx' },
  { pattern: adminSectionPaths.needsReply, source: 'src/pages/admin-needs-reply-page.tsx' },
  { pattern: adminSectionPaths.dataRequests, source: 'src/pages/admin-data-requests-page.tsx' },
  { pattern: adminSectionPaths.staff, source: 'src/pages/admin-staff-page.tsx' },
  { pattern: adminSectionPaths.availability, source: 'src/pages/admin-availability-page.tsx' },
];

/** Whether a route's page is loaded through `./separate-routes` rather than named here. */
export const isSeparatelyLoaded = (pattern: string) =>
  separatelyLoaded.some((route) => route.pattern === pattern);

/** A page of `./separate-routes`: that chunk first, then the page's own. */
function separatelyLoadedPage(pattern: string): LazyPage {
  return lazyPage(async () => {
    const { separatePages } = await import('@/app/separate-routes');
    const page = separatePages[pattern];
    if (!page) throw new Error(`No separately loaded page for ${pattern}`);
    return page.preload();
  });
}

export const appRoutes: readonly AppRoute[] = [
  {
    pattern: paths.home,
    page: lazyPage(() => import('@/pages/home-page')),
    source: 'src/pages/home-page.tsx',
  },
  {
    pattern: paths.services,
    page: lazyPage(() => import('@/pages/services-page')),
    source: 'src/pages/services-page.tsx',
  },
  {
    pattern: SERVICE_PATTERN,
    page: lazyPage(() => import('@/pages/service-detail-page')),
    source: 'src/pages/service-detail-page.tsx',
    dataSources: (pathname) => serviceDetailSources(slugOf(pathname)),
    prepare: (pathname) => preloadServiceDetail(slugOf(pathname)),
  },
  {
    pattern: paths.about,
    page: lazyPage(() => import('@/pages/about-page')),
    source: 'src/pages/about-page.tsx',
  },
  {
    pattern: paths.caseStudies,
    page: lazyPage(() => import('@/pages/case-studies-page')),
    source: 'src/pages/case-studies-page.tsx',
  },
  {
    pattern: paths.whitepapers,
    page: lazyPage(() => import('@/pages/whitepapers-page')),
    source: 'src/pages/whitepapers-page.tsx',
  },
  {
    pattern: paths.articles,
    page: lazyPage(() => import('@/pages/articles-page')),
    source: 'src/pages/articles-page.tsx',
  },
  {
    pattern: paths.privacyPolicy,
    page: lazyPage(() => import('@/pages/privacy-policy-page')),
    source: 'src/pages/privacy-policy-page.tsx',
  },
  {
    pattern: paths.cookiePolicy,
    page: lazyPage(() => import('@/pages/cookie-policy-page')),
    source: 'src/pages/cookie-policy-page.tsx',
  },
  {
    pattern: paths.modernSlavery,
    page: lazyPage(() => import('@/pages/modern-slavery-page')),
    source: 'src/pages/modern-slavery-page.tsx',
  },
  {
    pattern: paths.carbonReductionPlan,
    page: lazyPage(() => import('@/pages/carbon-reduction-plan-page')),
    source: 'src/pages/carbon-reduction-plan-page.tsx',
  },
  ...separatelyLoaded.map(({ pattern, source }) => ({
    pattern,
    page: separatelyLoadedPage(pattern),
    source,
  })),
];

export const notFoundRoute: AppRoute = {
  pattern: '*',
  page: lazyPage(() => import('@/pages/not-found-page')),
  source: 'src/pages/not-found-page.tsx',
};

export function findRoute(pathname: string): AppRoute {
  return appRoutes.find((route) => matchPath(route.pattern, pathname)) ?? notFoundRoute;
}

/** Whether a path is one of the app's pages (a file such as /sitemap.xml or an unknown path is not). */
export function isAppPath(pathname: string): boolean {
  return findRoute(pathname) !== notFoundRoute;
}

/** Loads a URL's page module and its data, so it renders without suspending. */
export async function loadRoute(pathname: string): Promise<AppRoute> {
  const route = findRoute(pathname);
  await Promise.all([route.page.preload(), route.prepare?.(pathname)]);
  return route;
}
