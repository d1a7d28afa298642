import { isStaffAreaPath, paths, privatePaths, unlistedPaths } from '@/config/paths';
import { serviceSlugs } from '@/content/service-catalogue';
import { adminSectionPaths } from '@/features/staff-frame/admin-section-paths';

/**
 * Every URL the static build renders, in sitemap order. The staff pages below /admin are rendered
 * too, though no search engine sees them: a direct load of one (the staff alert's link to Needs a
 * reply) must get its own page at once, not the not-found page and a 404 before the app routes.
 */
export function staticPaths(): string[] {
  return [
    paths.home,
    paths.services,
    ...serviceSlugs.map((slug) => paths.service(slug)),
    paths.about,
    paths.caseStudies,
    paths.whitepapers,
    paths.articles,
    paths.privacyPolicy,
    paths.cookiePolicy,
    paths.modernSlavery,
    paths.carbonReductionPlan,
    ...unlistedPaths,
    ...new Set([...privatePaths, ...Object.values(adminSectionPaths)]),
  ];
}

/** The URLs search engines should index: everything but the staff area and the unlisted pages. */
export function indexablePaths(): string[] {
  return staticPaths().filter((path) => !isStaffAreaPath(path) && !unlistedPaths.includes(path));
}

/** The path the not-found page is rendered under for 404.html. */
export const NOT_FOUND_RENDER_PATH = '/404';
